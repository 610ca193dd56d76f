/**
 * The labelled set of the duplicate matcher (issue 32 item 3): pairs of pool records that are and
 * are not the same person, written as a job-seeker side would hand them over (full-width digits,
 * spaces, a lower-case x), including the tricky ones. `identity()` turns a record into what the
 * matcher sees: blind indexes (lib/pii.ts, normalised first) and the file's SHA-256. Used by the
 * server test (duplicates.test.ts, through the database) and `npm run bench -- duplicates`.
 */
import { createHash } from 'node:crypto';
import { normalizeDigits } from '../../../contract/person';
import { blindIndex } from '../../lib/pii';
import type { Identity } from './duplicates-match';

export interface FixtureRecord {
  name: string;
  gender: '男' | '女';
  birth: string;
  mobile?: string;
  id?: string;
  /** the résumé file's bytes (a stand-in text) */
  file?: string;
}
export interface FixturePair {
  why: string;
  a: FixtureRecord;
  b: FixtureRecord;
  same: boolean;
}

const p = (why: string, same: boolean, a: FixtureRecord, b: FixtureRecord): FixturePair => ({ why, same, a, b });

export const LABELLED_PAIRS: FixturePair[] = [
  // --- the same person ---
  p(
    'same ID number, mobile changed',
    true,
    { name: '陈志远', gender: '男', birth: '1991-04-12', id: '330106199104120317', mobile: '13867120001' },
    { name: '陈志远', gender: '男', birth: '1991-04-12', id: '330106199104120317', mobile: '15157120002' },
  ),
  p(
    'same ID number, name typed in traditional characters',
    true,
    { name: '张伟', gender: '男', birth: '1988-09-02', id: '32010219880902151X' },
    { name: '張偉', gender: '男', birth: '1988-09-02', id: '32010219880902151x' },
  ),
  p(
    'same ID number in full-width digits',
    true,
    { name: '李静', gender: '女', birth: '1995-01-30', id: '110105199501300028' },
    { name: '李静', gender: '女', birth: '1995-01-30', id: '１１０１０５１９９５０１３０００２８' },
  ),
  p(
    'same mobile and name, no ID number',
    true,
    { name: '王芳', gender: '女', birth: '1993-06-18', mobile: '13912345670' },
    { name: '王芳', gender: '女', birth: '1993-06-18', mobile: '139 1234 5670' },
  ),
  p(
    'same mobile and name, birth date mistyped',
    true,
    { name: '刘洋', gender: '男', birth: '1990-03-08', mobile: '18602581111' },
    { name: '刘洋', gender: '男', birth: '1990-08-03', mobile: '186-0258-1111' },
  ),
  p(
    'same mobile, name with a middle dot, same birth',
    true,
    { name: '阿依古丽·买买提', gender: '女', birth: '1996-11-11', mobile: '13709911234' },
    { name: '阿依古丽买买提', gender: '女', birth: '1996-11-11', mobile: '13709911234' },
  ),
  p(
    'same résumé file, mobile changed',
    true,
    { name: '赵磊', gender: '男', birth: '1989-12-01', mobile: '13600001111', file: 'resume-zhaolei-2025.pdf bytes' },
    { name: '赵磊', gender: '男', birth: '1989-12-01', mobile: '13700002222', file: 'resume-zhaolei-2025.pdf bytes' },
  ),
  p(
    'same file, name changed after marriage, same birth',
    true,
    { name: '孙丽', gender: '女', birth: '1992-02-14', file: 'sunli-cv.docx bytes' },
    { name: '孙丽娜', gender: '女', birth: '1992-02-14', file: 'sunli-cv.docx bytes' },
  ),
  p(
    'ID number on one side only, same mobile and name',
    true,
    { name: '周强', gender: '男', birth: '1987-07-07', mobile: '15888887777', id: '440304198707071234' },
    { name: '周强', gender: '男', birth: '1987-07-07', mobile: '15888887777' },
  ),
  p(
    'same ID, different mobile and different file',
    true,
    { name: '吴敏', gender: '女', birth: '1994-05-20', id: '510104199405200041', mobile: '13550001234', file: 'wumin-a' },
    { name: '吴敏', gender: '女', birth: '1994-05-20', id: '510104199405200041', mobile: '13650004321', file: 'wumin-b' },
  ),
  p(
    'same mobile, nickname instead of name, same birth and gender',
    true,
    { name: '郑晓东', gender: '男', birth: '1990-10-10', mobile: '13811112222' },
    { name: '郑东东', gender: '男', birth: '1990-10-10', mobile: '13811112222' },
  ),
  // missed on purpose by the rules: nothing identifying in common (a recall cost the rules accept)
  p(
    'changed mobile, new file, no ID number: only name and birth agree',
    true,
    { name: '黄晨', gender: '男', birth: '1997-03-03', mobile: '13012340000', file: 'huang-2024' },
    { name: '黄晨', gender: '男', birth: '1997-03-03', mobile: '13112340000', file: 'huang-2026' },
  ),
  // --- different people ---
  p(
    'same name, different person (different mobile, no ID)',
    false,
    { name: '张伟', gender: '男', birth: '1985-01-01', mobile: '13900001111' },
    { name: '张伟', gender: '男', birth: '1993-07-21', mobile: '13900002222' },
  ),
  p(
    'same name and birth date, different ID numbers',
    false,
    { name: '王静', gender: '女', birth: '1990-01-01', id: '330102199001010021' },
    { name: '王静', gender: '女', birth: '1990-01-01', id: '420102199001010045' },
  ),
  p(
    'same name and birth date, nothing else in common',
    false,
    { name: '李娜', gender: '女', birth: '1992-08-08', mobile: '13500008888' },
    { name: '李娜', gender: '女', birth: '1992-08-08', mobile: '13600008888' },
  ),
  p(
    'recycled mobile: another name, another birth',
    false,
    { name: '马超', gender: '男', birth: '1980-05-05', mobile: '13312345678' },
    { name: '林小雨', gender: '女', birth: '2001-09-09', mobile: '13312345678' },
  ),
  p(
    'family phone: same mobile, different names and ID numbers',
    false,
    { name: '何建国', gender: '男', birth: '1968-02-02', mobile: '13957100000', id: '330102196802020011' },
    { name: '何晓梅', gender: '女', birth: '1995-06-06', mobile: '13957100000', id: '330102199506060020' },
  ),
  p(
    'same mobile and name, different ID numbers (father and son)',
    false,
    { name: '刘军', gender: '男', birth: '1965-03-03', mobile: '13700001234', id: '310101196503030013' },
    { name: '刘军', gender: '男', birth: '1992-04-04', mobile: '13700001234', id: '310101199204040017' },
  ),
  p(
    'same résumé template file, different people',
    false,
    { name: '曹颖', gender: '女', birth: '1996-01-01', file: 'blank-template.docx' },
    { name: '黎明', gender: '男', birth: '1999-12-12', file: 'blank-template.docx' },
  ),
  p(
    'same file, different ID numbers',
    false,
    { name: '邓超', gender: '男', birth: '1991-01-01', file: 'shared.pdf', id: '350102199101010011' },
    { name: '邓超', gender: '男', birth: '1991-01-01', file: 'shared.pdf', id: '350102199101010038' },
  ),
  p(
    'recycled mobile, same gender, different birth and name',
    false,
    { name: '许亮', gender: '男', birth: '1984-04-04', mobile: '18900001111' },
    { name: '高峰', gender: '男', birth: '1998-10-10', mobile: '18900001111' },
  ),
  p(
    'nothing in common',
    false,
    { name: '冯雪', gender: '女', birth: '1993-03-13', mobile: '13200001111', id: '370102199303130028' },
    { name: '蒋涛', gender: '男', birth: '1989-09-19', mobile: '13200002222', id: '370102198909190035' },
  ),
  p(
    'similar name, neighbouring mobile and birth date',
    false,
    { name: '韩梅', gender: '女', birth: '1994-04-14', mobile: '13800138000' },
    { name: '韩梅梅', gender: '女', birth: '1995-04-14', mobile: '13800138001' },
  ),
  // wrong on purpose by the rules: a recycled number that went to a namesake (a precision cost)
  p(
    'recycled mobile given to a namesake (王磊 is a common name)',
    false,
    { name: '王磊', gender: '男', birth: '1979-02-02', mobile: '13588886666' },
    { name: '王磊', gender: '男', birth: '2000-08-08', mobile: '13588886666' },
  ),
  p(
    'same name, same mobile last digits only',
    false,
    { name: '杨帆', gender: '男', birth: '1990-06-06', mobile: '13512340001' },
    { name: '杨帆', gender: '男', birth: '1990-06-07', mobile: '13612340001' },
  ),
];

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** What the matcher sees of a record: no number, only blind indexes and the file hash. */
export function identity(r: FixtureRecord): Identity {
  return {
    realname: r.name,
    gender: r.gender,
    birth_date: r.birth,
    id_card_bidx: r.id ? blindIndex('id_card', normalizeDigits(r.id)) : null,
    mobile_bidx: r.mobile ? blindIndex('mobile', normalizeDigits(r.mobile)) : null,
    resume_sha256: r.file ? sha256(r.file) : null,
  };
}

export { sha256 };
