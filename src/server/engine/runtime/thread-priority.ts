import os from 'node:os';

/**
 * The nice value of the engine's threads (ENGINE_THREAD_NICE, 0 to 19; 0 keeps the API's): the
 * API thread (0) gets the CPU first when both want it. 5 gives the API thread three times an
 * engine thread's share; 10 (ten times) starved the engine behind other busy processes.
 */
export function engineThreadNice(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.ENGINE_THREAD_NICE ?? 5);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : 5;
}

/**
 * Lowers the calling worker thread's scheduling priority. On Linux the nice value is per thread,
 * so counting, generating and storing on every core still leaves the API thread first in line
 * (issue 13: the health check waited 130 ms p99 behind two busy bitmap workers on two cores).
 * Elsewhere it may lower the whole process, which changes nothing between its threads.
 */
export function lowerThreadPriority() {
  if (process.platform !== 'linux') return;
  try {
    const nice = engineThreadNice();
    if (nice > 0) os.setPriority(nice);
  } catch {
    // Not allowed here (a sandbox): the threads keep the API's priority.
  }
}
