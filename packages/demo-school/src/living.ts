/**
 * The living demo school: the active semester's grades and PKL plus the past semesters with their pupils and
 * final grades (see grades.ts and history.ts). Pure and deterministic.
 */
import { type DemoGrades, generateGrades } from './grades.ts';
import { generateHistory, historyCache, semestersBefore } from './history.ts';
import { type DemoP5, generateP5 } from './p5.ts';
import { type DemoPkl, generatePkl } from './pkl.ts';
import type { DemoSchool } from './types.ts';

/** How many semesters before the active one are generated. */
export const HISTORY_SEMESTERS = 3;

export interface LivingSchool {
  grades: DemoGrades;
  /** The active semester's PKL plans, scores, notes and attendance (pkl.ts). */
  pkl: DemoPkl;
  /** Oldest first. */
  history: { school: DemoSchool; grades: DemoGrades; p5: DemoP5 }[];
}

export function generateLiving(active: DemoSchool, historySemesters = HISTORY_SEMESTERS): LivingSchool {
  const cache = historyCache(active);
  const grades = generateGrades(active);
  return {
    grades,
    pkl: generatePkl(active, grades),
    history: semestersBefore(active.meta.semester_id, historySemesters).map((semesterId) => {
      const school = generateHistory(active, semesterId, cache);
      // Past semesters print final grades and descriptions; their TP and SAS scores are not kept.
      return {
        school,
        grades: generateGrades(school, { curriculum: active, mode: 'complete', scores: false }),
        // P5 projects before 20251 (decision 037).
        p5: generateP5(school),
      };
    }),
  };
}
