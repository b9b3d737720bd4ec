/**
 * The worker's side of `latestOnly` (clients.ts): of the searches queued together (a burst of
 * keystrokes, a paste), only the newest runs. A search waits one task (`wait`), so that the messages
 * already queued behind it arrive; if a newer one of the same side came (the shell's ids are strings,
 * the search bar's numbers), it answers `null` (the worker replies `superseded`) and does not run.
 */
export function newestOnly<Request, Result>(
  run: (request: Request) => Promise<Result>,
  wait: () => Promise<void>,
): (id: string | number, request: Request) => Promise<Result | null> {
  const newest: Record<string, string | number> = {};
  return async (id, request) => {
    const side = typeof id;
    newest[side] = id;
    await wait();
    if (newest[side] !== id) return null;
    return run(request);
  };
}
