/** Every five minutes: 面试即将开始 messages (domain/recruitment/interview-reminders.ts). */
import { remindDueInterviews } from '../domain/recruitment/interview-reminders';
import type { JobDef } from '.';

export const interviewRemindersJob: JobDef = {
  name: 'interview-reminders',
  cron: '*/5 * * * *',
  retryLimit: 2,
  retryDelay: 30,
  expireInSeconds: 5 * 60,
  async run(_data, { db, now }) {
    await remindDueInterviews(db, now);
  },
};
