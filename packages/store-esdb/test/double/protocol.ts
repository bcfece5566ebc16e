// TEST DOUBLE support, not production code: loads the client package's own generated gRPC stubs and messages.
import { createRequire } from 'node:module';
import type * as StreamsPb from '@eventstore/db-client/generated/streams_pb';
import type * as StreamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb';
import type * as SharedPb from '@eventstore/db-client/generated/shared_pb';
import type * as StatusPb from '@eventstore/db-client/generated/status_pb';
import type * as CodePb from '@eventstore/db-client/generated/code_pb';
import type * as FeaturesPb from '@eventstore/db-client/generated/serverfeatures_pb';
import type * as FeaturesGrpc from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import type * as AnyPb from 'google-protobuf/google/protobuf/any_pb';
import type * as EmptyPb from 'google-protobuf/google/protobuf/empty_pb';

// The generated files are CommonJS whose exports ESM cannot name statically, so load them with require,
// resolved from the client package so that google-protobuf is the very copy its stubs were built against.
const fromTest = createRequire(import.meta.url);
const fromClient = createRequire(fromTest.resolve('@eventstore/db-client'));

export const streamsPb = fromClient('../generated/streams_pb') as typeof StreamsPb;
export const streamsGrpc = fromClient('../generated/streams_grpc_pb') as typeof StreamsGrpc;
export const sharedPb = fromClient('../generated/shared_pb') as typeof SharedPb;
export const statusPb = fromClient('../generated/status_pb') as typeof StatusPb;
export const codePb = fromClient('../generated/code_pb') as typeof CodePb;
export const featuresPb = fromClient('../generated/serverfeatures_pb') as typeof FeaturesPb;
export const featuresGrpc = fromClient('../generated/serverfeatures_grpc_pb') as typeof FeaturesGrpc;
export const anyPb = fromClient('google-protobuf/google/protobuf/any_pb') as typeof AnyPb;
export const emptyPb = fromClient('google-protobuf/google/protobuf/empty_pb') as typeof EmptyPb;
