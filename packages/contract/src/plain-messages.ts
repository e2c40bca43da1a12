import type { z } from 'zod';

/**
 * The product's words for a field that fails a rule with no message of its own, so a form never
 * shows the validator's ('Invalid input: expected string, received undefined'). A schema's own
 * message still wins; the server (installPlainMessages) and the web (its zod module) install this
 * same map so both say the same thing.
 */
type RawIssue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const isBlank = (input: unknown) =>
  input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

const REQUIRED = 'This field is required.';

const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`;

export function plainMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (isBlank(issue.input)) return REQUIRED;
      const expected = String(issue.expected);
      if (expected === 'number' || expected === 'int' || expected === 'bigint')
        return 'Enter a number.';
      if (expected === 'boolean') return 'Choose yes or no.';
      if (expected === 'date') return 'Enter a valid date.';
      if (expected === 'array') return 'Choose at least one.';
      return 'Enter this as text.';
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 || isBlank(issue.input) ? REQUIRED : `Use at least ${characters(min)}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return min <= 1 ? 'Choose at least one.' : `Choose at least ${min}.`;
      return `Enter ${issue.inclusive === false ? 'more than' : 'at least'} ${min}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `Use at most ${characters(max)}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${max}.`;
      return `Enter ${issue.inclusive === false ? 'less than' : 'at most'} ${max}.`;
    }
    case 'invalid_format': {
      if (isBlank(issue.input)) return REQUIRED;
      switch (issue.format) {
        case 'email':
          return 'Enter a valid email address.';
        case 'url':
          return 'Enter a valid web address, starting with https://.';
        case 'date':
        case 'datetime':
          return 'Enter a valid date.';
        case 'uuid':
        case 'guid':
          return 'This link is not valid any more. Go back and try again.';
        default:
          return 'This is not in the right format.';
      }
    }
    case 'invalid_value':
      return isBlank(issue.input) ? REQUIRED : 'Choose one of the options.';
    case 'not_multiple_of':
      return Number(issue.divisor) === 0.01
        ? 'Use at most 2 decimals.'
        : `Enter a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return 'This form sent something it should not. Reload the page and try again.';
    case 'invalid_union':
      return isBlank(issue.input) ? REQUIRED : 'This value is not valid.';
    default:
      return undefined;
  }
}
