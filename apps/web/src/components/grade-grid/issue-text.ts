import type { TFunction } from '../../lib/i18n';
import type { CellIssue } from './validators';

/**
 * A cell issue in the user's language. The built-in validators' codes are translated (the
 * literal keys keep locales.test.ts's "every key used exists" check meaningful); a screen's own
 * validator brings its own message, shown as is.
 */
export function issueText(issue: CellIssue, t: TFunction): string {
  switch (issue.code) {
    case 'notNumber':
      return t('grid.error.notNumber');
    case 'belowMin':
      return t('grid.error.belowMin');
    case 'aboveMax':
      return t('grid.error.aboveMax');
    case 'notWhole':
      return t('grid.error.notWhole');
    case 'notAnOption':
      return t('grid.error.notAnOption', issue.vars);
    case 'tooLong':
      return t('grid.error.tooLong', issue.vars);
    default:
      return issue.message;
  }
}
