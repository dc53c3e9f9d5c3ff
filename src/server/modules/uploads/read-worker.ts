import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../../engine/runtime/thread-priority';
import { readWorkbook, type ReadRequest } from './workbook-reader';

/** Reads one workbook off the API thread and posts what it found (read-in-worker.ts). */
lowerThreadPriority();
parentPort!.postMessage(readWorkbook(workerData as ReadRequest));
