/** The upload worker: only exposes the engine's API to the page (Comlink). */
import * as Comlink from 'comlink';
import { WorkerApi } from './worker-api';

Comlink.expose(new WorkerApi());
