import { describe, expect, it } from 'vitest';
import { isLiteralLimit, limitParameters, withLiteralLimits, withoutLimits } from './literal-limits.js';

describe('finding the parameters a statement’s LIMITs take', () => {
  it('finds a LIMIT parameter among others, by its place among the parameters', () => {
    const sql = 'select "id" from "t" where "a" = ? and ("b", "id") < (?, ?) order by "b" desc limit ?';
    const limits = limitParameters(sql);

    expect(limits?.limits).toEqual([3]);
    expect(withLiteralLimits(limits!, [1, 2, 3, 21])).toBe(
      'select "id" from "t" where "a" = ? and ("b", "id") < (?, ?) order by "b" desc limit 21',
    );
    expect(withoutLimits(limits!, [1, 2, 3, 21])).toEqual([1, 2, 3]);
  });

  it('finds each LIMIT of a statement with a subquery, in any letter case', () => {
    const sql = 'select * from t where id in (select id from u where x = ? LIMIT ?) and y = ? limit ? offset ?';
    const limits = limitParameters(sql);

    expect(limits?.limits).toEqual([1, 3]);
    expect(withLiteralLimits(limits!, ['x', 5, 'y', 20, 40])).toBe(
      'select * from t where id in (select id from u where x = ? LIMIT 5) and y = ? limit 20 offset ?',
    );
    expect(withoutLimits(limits!, ['x', 5, 'y', 20, 40])).toEqual(['x', 'y', 40]);
  });

  it('passes over quoted strings, quoted names and comments', () => {
    const sql = `select 'limit ?' as "limit ?", [a?], \`b?\` -- limit ?\n from t /* limit ? */ where c = 'it''s ?' and d = ? limit ?`;
    const limits = limitParameters(sql);

    expect(limits?.limits).toEqual([1]);
    expect(withLiteralLimits(limits!, [9, 3])).toBe(sql.replace(/limit \?$/, 'limit 3'));
  });

  it('leaves alone a statement with no LIMIT parameter', () => {
    expect(limitParameters('select * from t where id = ? limit 5')).toBeUndefined();
    expect(limitParameters('select * from t where id = ?')).toBeUndefined();
  });

  it('leaves alone numbered and named parameters, whose places counting would get wrong', () => {
    expect(limitParameters('select * from t where id = ?2 limit ?1')).toBeUndefined();
    expect(limitParameters('select * from t where id = :id limit ?')).toBeUndefined();
    expect(limitParameters('select * from t where id = @id limit ?')).toBeUndefined();
    expect(limitParameters('select * from t where id = $id limit ?')).toBeUndefined();
    expect(limitParameters('select * from t where id = :1 and x = ? limit ?')).toBeUndefined();
    expect(limitParameters('select * from t where id = @é and x = ? limit ?')).toBeUndefined();
    expect(limitParameters('select * from t where id = #x and x = ? limit ?')).toBeUndefined();
  });

  it('leaves alone a LIMIT written with a comma, whose first value is the offset', () => {
    expect(limitParameters('select * from t limit ?, ?')).toBeUndefined();
    expect(limitParameters('select * from t limit ? ,?')).toBeUndefined();
  });

  it('sets a written-in limit apart from a word it would otherwise touch', () => {
    const limits = limitParameters('select * from t limit?offset ?');

    expect(limits?.limits).toEqual([0]);
    expect(withLiteralLimits(limits!, [5, 10])).toBe('select * from t limit 5 offset ?');
  });

  it('leaves alone a statement whose quotes do not close', () => {
    expect(limitParameters("select 'open limit ?")).toBeUndefined();
  });

  it('writes in only whole numbers', () => {
    expect(isLiteralLimit(21)).toBe(true);
    expect(isLiteralLimit(-1)).toBe(true);
    expect(isLiteralLimit(10n)).toBe(true);
    expect(isLiteralLimit(2n ** 63n - 1n)).toBe(true);
    expect(isLiteralLimit(2n ** 63n)).toBe(false);
    expect(isLiteralLimit(-(2n ** 63n) - 1n)).toBe(false);
    expect(isLiteralLimit(2.5)).toBe(false);
    expect(isLiteralLimit(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isLiteralLimit('3; drop table t')).toBe(false);
    expect(isLiteralLimit(null)).toBe(false);
  });
});
