import { describe, expect, it } from 'vitest';
import { isCleanText, requiredString, textField, VALIDATION_KEYS } from './validation.ts';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('textField', () => {
  it('refuses C0, DEL and C1 control characters and lone surrogates', () => {
    for (const value of [
      '\u0000',
      'a\u0000b',
      'tab\there',
      'line\nbreak',
      'cr\r',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009f',
      '\ud800',
      'a\udfff',
      '\udc00\ud800',
      'end\ud83d',
    ])
      expect(messages(textField().safeParse(value)), JSON.stringify(value)).toEqual([
        VALIDATION_KEYS.controlCharacters,
      ]);
  });

  it('keeps ordinary text, emoji (surrogate pairs) and, in multi-line text, tab and line breaks', () => {
    for (const value of ['', 'Tester', 'Тестер', '😀 ok', '\u00a0', '\u2028', 'a\u00e9\u0301'])
      expect(textField().safeParse(value).success, JSON.stringify(value)).toBe(true);
    expect(textField({ multiline: true }).safeParse('one\ttwo\r\nthree\n').success).toBe(true);
    expect(messages(textField({ multiline: true }).safeParse('one\u0000two'))).toEqual([
      VALIDATION_KEYS.controlCharacters,
    ]);
    expect(isCleanText('a\u000bb', true)).toBe(false);
  });

  it('refuses non-strings without coercing them', () => {
    for (const value of [1, true, null, [], ['a'], {}, { toString: () => 'a' }])
      expect(messages(textField().safeParse(value)), JSON.stringify(value)).toEqual([
        VALIDATION_KEYS.invalidType,
      ]);
    expect(messages(requiredString().safeParse(5))).toEqual([VALIDATION_KEYS.required]);
  });

  it('trims surrounding whitespace before the check when asked', () => {
    expect(textField({ trim: true }).parse('  name@example.test\n')).toBe('name@example.test');
    expect(messages(textField({ trim: true }).safeParse(' a\u0000b '))).toEqual([
      VALIDATION_KEYS.controlCharacters,
    ]);
  });
});
