// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  TASK_STATUS_CODES,
  TASK_TRANSITIONS,
  canDeliver,
  nextTaskStatus,
  signExpired,
  taskActions,
  taskAllows,
  taskDatesProblem,
  workerActionProblem,
  workerActions,
} from './employment-rules';

describe('dates', () => {
  const today = '2026-11-23';
  const ok = { start_date: '2026-11-24', end_date: '2026-12-10', signup_deadline: '2026-11-30' };
  it('accepts a real period and deadline', () => expect(taskDatesProblem(ok, today)).toBeNull());
  it('refuses impossible, reversed, past and too long periods, and a deadline after the end', () => {
    expect(taskDatesProblem({ ...ok, start_date: '2026-02-30' }, today)?.field).toBe('start_date');
    expect(taskDatesProblem({ ...ok, end_date: '2026-11-20', start_date: '2026-11-10' }, today)?.msg).toBe('结束日期不能早于今天');
    expect(taskDatesProblem({ ...ok, end_date: '2026-11-23', start_date: '2026-11-24' }, today)?.msg).toBe('结束日期不能早于开始日期');
    expect(taskDatesProblem({ ...ok, end_date: '2028-01-01' }, today)?.msg).toBe('任务周期不能超过一年');
    expect(taskDatesProblem({ ...ok, signup_deadline: '2026-12-11' }, today)?.field).toBe('signup_deadline');
    expect(taskDatesProblem({ ...ok, signup_deadline: '2026-11-22' }, today)?.msg).toBe('报名截止日期不能早于今天');
    expect(taskDatesProblem({ ...ok, signup_deadline: '' }, today)).toBeNull();
  });
  it('a pending signature expires after the deadline (or the end)', () => {
    expect(signExpired('pending', '2026-11-22', '2026-12-01', today)).toBe(true);
    expect(signExpired('pending', '', '2026-12-01', today)).toBe(false);
    expect(signExpired('signed', '2026-11-01', '2026-11-02', today)).toBe(false);
  });
});

describe('the task status table', () => {
  it('moves only along the table', () => {
    expect(nextTaskStatus('draft', 'submit')).toBe('review');
    expect(nextTaskStatus('rejected', 'submit')).toBe('review');
    expect(nextTaskStatus('review', 'approve')).toBe('recruiting');
    expect(nextTaskStatus('review', 'reject')).toBe('rejected');
    expect(nextTaskStatus('recruiting', 'start')).toBe('ongoing');
    expect(nextTaskStatus('ongoing', 'end')).toBe('ended');
    expect(nextTaskStatus('ended', 'end')).toBeNull();
    expect(nextTaskStatus('draft', 'approve')).toBeNull();
    expect(nextTaskStatus('ongoing', 'cancel')).toBeNull();
    expect(nextTaskStatus('canceled', 'submit')).toBeNull();
  });
  it('every transition leaves from and goes to known statuses; ended and canceled are final', () => {
    for (const t of Object.values(TASK_TRANSITIONS)) {
      for (const f of t.from) expect(TASK_STATUS_CODES).toContain(f);
      expect(TASK_STATUS_CODES).toContain(t.to);
      expect(t.from).not.toContain('ended');
      expect(t.from).not.toContain('canceled');
    }
  });
  it('row actions per status agree with the table', () => {
    expect(taskActions('draft')).toEqual(expect.arrayContaining(['edit', 'preview', 'copy', 'submit', 'delete']));
    expect(taskAllows('draft', 'manage')).toBe(false);
    expect(taskAllows('review', 'edit')).toBe(false);
    expect(taskAllows('recruiting', 'manage')).toBe(true);
    expect(taskAllows('recruiting', 'delete')).toBe(false);
    expect(taskAllows('ended', 'end')).toBe(false);
    expect(taskAllows('canceled', 'delete')).toBe(true);
    for (const s of TASK_STATUS_CODES) {
      expect(taskAllows(s, 'preview')).toBe(true);
      expect(taskAllows(s, 'copy')).toBe(true);
      if (taskAllows(s, 'submit')) expect(nextTaskStatus(s, 'submit')).not.toBeNull();
      if (taskAllows(s, 'end')) expect(nextTaskStatus(s, 'end')).not.toBeNull();
      if (taskAllows(s, 'cancel')) expect(nextTaskStatus(s, 'cancel')).not.toBeNull();
    }
  });
});

describe('people of a task', () => {
  it('nobody unsigned is accepted when the task needs signing', () => {
    expect(workerActionProblem({ work: 'delivered', sign: 'pending', needSign: true }, 'accept')).toBe('该人员尚未签署协议，不能验收');
    expect(workerActionProblem({ work: 'delivered', sign: 'signed', needSign: true }, 'accept')).toBeNull();
    expect(canDeliver({ work: 'working', sign: 'pending', needSign: true })).toBe(false);
    expect(canDeliver({ work: 'rejected', sign: 'signed', needSign: true })).toBe(true);
  });
  it('lists the actions per state', () => {
    expect(workerActions({ work: 'applied', sign: 'pending', needSign: true })).toEqual(['hire', 'remove']);
    expect(workerActions({ work: 'hired', sign: 'pending', needSign: true })).toEqual(['remove', 'urge']);
    expect(workerActions({ work: 'delivered', sign: 'signed', needSign: true })).toEqual(['accept', 'reject']);
    expect(workerActions({ work: 'accepted', sign: 'signed', needSign: true })).toEqual([]);
  });
});
