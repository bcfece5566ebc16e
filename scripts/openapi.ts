// `npm run openapi`: write openapi.yaml from the app's routes and the loaded modules (a test fails while it is stale).
import { writeFile } from 'node:fs/promises';
import { OPENAPI_PATH } from '../apps/server/src/app';
import { contractDocument, contractYaml } from '../apps/server/src/contract';
import { loadModules } from '../apps/server/src/modules';

// A package that fails to load must stop the script: otherwise its module silently drops out of the contract.
const modules = await loadModules(undefined, (message, error) => {
  throw new Error(message, { cause: error });
});
const document = await contractDocument(modules);
await writeFile(OPENAPI_PATH, contractYaml(document));
console.log(`openapi: wrote ${OPENAPI_PATH.pathname}`);
