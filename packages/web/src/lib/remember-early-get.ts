/**
 * Records whether a first screen asked for GET `path` this time (it said so once /api/users
 * answered), for the entry to start it early on the next visit (`wantedLastTime`, decision 045).
 * Apart from early-requests.ts so that the entry, which only reads the key, stays small.
 */
export function rememberWanted(path: string, wanted: boolean) {
  const key = `early-get:${path}`;
  try {
    if (wanted) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // Private mode: the next visit asks after /api/users, as before.
  }
}
