// TEST DOUBLE support, not production code: loads the client package's own generated gRPC stubs and messages.
import { createRequire } from 'node:module';

// The generated files are CommonJS whose exports ESM cannot name statically, so load them with require,
// resolved from the client package so that google-protobuf is the very copy its stubs were built against.
const fromTest = createRequire(import.meta.url);
const fromClient = createRequire(fromTest.resolve('@eventstore/db-client'));

export const streamsPb = fromClient('../generated/streams_pb') as typeof import('@eventstore/db-client/generated/streams_pb');
export const streamsGrpc = fromClient('../generated/streams_grpc_pb') as typeof import('@eventstore/db-client/generated/streams_grpc_pb');
export const sharedPb = fromClient('../generated/shared_pb') as typeof import('@eventstore/db-client/generated/shared_pb');
export const statusPb = fromClient('../generated/status_pb') as typeof import('@eventstore/db-client/generated/status_pb');
export const codePb = fromClient('../generated/code_pb') as typeof import('@eventstore/db-client/generated/code_pb');
export const featuresPb = fromClient('../generated/serverfeatures_pb') as typeof import('@eventstore/db-client/generated/serverfeatures_pb');
export const featuresGrpc = fromClient(
  '../generated/serverfeatures_grpc_pb',
) as typeof import('@eventstore/db-client/generated/serverfeatures_grpc_pb');
export const anyPb = fromClient('google-protobuf/google/protobuf/any_pb') as typeof import('google-protobuf/google/protobuf/any_pb');
export const emptyPb = fromClient('google-protobuf/google/protobuf/empty_pb') as typeof import('google-protobuf/google/protobuf/empty_pb');
