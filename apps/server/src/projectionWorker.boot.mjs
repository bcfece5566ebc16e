// Entry of the projection worker thread. Worker threads do not inherit tsx's loader from the main thread, so this
// plain-JavaScript file registers it before importing the TypeScript module that does the work.
import { register } from 'tsx/esm/api';

register();
await import('./projectionWorker.thread.ts');
