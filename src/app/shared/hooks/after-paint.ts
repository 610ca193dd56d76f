import { useEffect, useState } from 'react';
import { afterFirstPaint } from '../lib/painted';

let painted = false;

/**
 * False until the console's first page has painted and its first calls are answered (then true
 * for good: a later page shows at once). For parts that can come a moment later — the upload
 * centre, the bell, the home page's partner strip — so their code is not in the first paint.
 */
export function useAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(painted);
  useEffect(() => (shown ? undefined : afterFirstPaint(() => setShown((painted = true)))), [shown]);
  return shown;
}
