/** Which statements run prepared on PostgreSQL (db/pg.ts statementName). */
import { describe, expect, it } from 'vitest';
import { statementName } from './pg';

describe('statementName', () => {
  it('names a data statement with parameters from its third use on, the same name for the same text', () => {
    const sql = 'SELECT id FROM users WHERE mobile_bidx = $1 /* pg.test 1 */';
    expect(statementName(sql, ['1'])).toBeUndefined();
    expect(statementName(sql, ['2'])).toBeUndefined();
    const name = statementName(sql, ['3']);
    expect(name).toMatch(/^hr_[0-9a-f]{24}$/);
    expect(statementName(sql, ['4'])).toBe(name);
    expect(statementName(sql.replace('1 */', '2 */'), ['1'])).toBeUndefined();
  });
  it('never names text without parameters, or DDL', () => {
    for (let i = 0; i < 5; i++) {
      expect(statementName('SELECT 1', [])).toBeUndefined();
      expect(statementName('CREATE TABLE t (a int) /* $1 */', [1])).toBeUndefined();
    }
  });
});
