/**
 * The duplicate matcher (issue 32 item 3) on its labelled set: precision and recall of "same
 * person" over the pairs of src/server/domain/recruitment/duplicates.fixture.ts, through the blind
 * indexes as the server computes them, and the pairs it gets wrong (by their description).
 */
import { judgePair } from '../src/server/domain/recruitment/duplicates-match';
import { identity, LABELLED_PAIRS } from '../src/server/domain/recruitment/duplicates.fixture';

export default async function duplicatesBench() {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  const wrong: string[] = [];
  for (const pair of LABELLED_PAIRS) {
    const said = judgePair(identity(pair.a), identity(pair.b)).same;
    if (said && pair.same) tp++;
    else if (said) fp++;
    else if (pair.same) fn++;
    else tn++;
    if (said !== pair.same) wrong.push(`${pair.same ? 'missed' : 'false match'}: ${pair.why}`);
  }
  const round = (x: number) => +x.toFixed(3);
  return Promise.resolve({
    pairs: LABELLED_PAIRS.length,
    same: tp + fn,
    precision: round(tp / (tp + fp)),
    recall: round(tp / (tp + fn)),
    tp,
    fp,
    fn,
    tn,
    wrong,
  });
}
