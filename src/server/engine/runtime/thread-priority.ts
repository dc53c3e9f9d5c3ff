import os from 'node:os';

/** The nice value of the engine's threads: the API thread (0) gets the CPU first when both want it. */
export const ENGINE_THREAD_NICE = 10;

/**
 * Lowers the calling worker thread's scheduling priority. On Linux the nice value is per thread,
 * so counting, generating and storing on every core still leaves the API thread first in line
 * (issue 13: the health check waited 130 ms behind two busy bitmap workers on two cores).
 * Elsewhere it may lower the whole process, which changes nothing between its threads.
 */
export function lowerThreadPriority() {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(ENGINE_THREAD_NICE);
  } catch {
    // Not allowed here (a sandbox): the threads keep the API's priority.
  }
}
