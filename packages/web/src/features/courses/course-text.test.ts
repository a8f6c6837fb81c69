import { priceText } from '@app/contract/courses';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n/index.ts';
import { testCourse } from '../../testing/test-course.ts';
import { cadential64Label, feeLine, instructorNames, neapolitan6Label, termAndYear } from './course-text.ts';

const t = i18n.t.bind(i18n);

describe('course information text', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it("lists instructors as 'last, first' joined by semicolons", () => {
    expect(
      instructorNames([
        { first_name: 'Clara', last_name: 'Schumann' },
        { first_name: 'Johannes', last_name: 'Brahms' },
      ]),
    ).toBe('Schumann, Clara; Brahms, Johannes');
    expect(instructorNames([{ first_name: 'Clara', last_name: 'Schumann' }])).toBe('Schumann, Clara');
    expect(instructorNames([])).toBe('');
  });

  it('shows the fee line of each payment type (spec §4)', () => {
    const product = { course_product: 'Semester', course_product_price: '49.00' };
    expect(feeLine(testCourse({ payment_type: 0 }), t)).toEqual({ label: 'Fee Paid:', value: 'This is an unpaid course' });
    expect(feeLine(testCourse({ payment_type: 1 }), t)).toEqual({ label: 'Fee Paid:', value: 'This course is free to join' });
    expect(feeLine(testCourse({ payment_type: 2, ...product }), t)).toEqual({
      label: 'Fee Paid By Students:',
      value: '$ 49.00 USD per student (Semester)',
    });
    expect(feeLine(testCourse({ payment_type: 3, ...product }), t)).toEqual({
      label: 'Fee Paid By School:',
      value: '$ 49.00 USD per student (Semester)',
    });
  });

  it('shows the price text only with a product and a price, worded as the contract words it', () => {
    expect(feeLine(testCourse({ payment_type: 2 }), t).value).toBeNull();
    expect(feeLine(testCourse({ payment_type: 3, course_product: 'Semester' }), t).value).toBeNull();
    expect(feeLine(testCourse({ payment_type: 2, course_product: 'Semester', course_product_price: '49.00' }), t).value).toBe(
      priceText('49.00', 'Semester'),
    );
  });

  it('translates the fee line', async () => {
    await changeLanguage('ko');
    const line = feeLine(testCourse({ payment_type: 2, course_product: 'Semester', course_product_price: '49.00' }), t);
    expect(line.label).toBe(i18n.t('courses.fee.paidByStudents'));
    expect(line.value).toContain('49.00');
    expect(line.value).not.toBe(priceText('49.00', 'Semester'));
  });

  it('labels the cadential 6-4 and the Neapolitan sixth from the settings', () => {
    expect(cadential64Label('V')).toBe('V64');
    expect(cadential64Label('I')).toBe('I64');
    expect(neapolitan6Label('N')).toBe('N6');
    expect(neapolitan6Label('II')).toBe('bII6');
  });

  it('shows the term with the year, or the year alone before a term is chosen', () => {
    expect(termAndYear({ academic_term: 'Fall', year: 2031 }, t)).toBe('Fall 2031');
    expect(termAndYear({ academic_term: null, year: 2031 }, t)).toBe('2031 · No term');
  });
});
