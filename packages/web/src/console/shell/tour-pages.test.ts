import { describe, expect, it } from 'vitest';
import { nextTourPage, TOUR_PAGES } from './tour-pages';

describe('nextTourPage', () => {
  it('continues through the tour pages in order and stops after the last', () => {
    expect(nextTourPage('/organizations')).toBe('/users');
    expect(nextTourPage(TOUR_PAGES[TOUR_PAGES.length - 1] as string)).toBeUndefined();
  });
  it('does not continue from pages outside the tour', () => {
    expect(nextTourPage('/account')).toBeUndefined();
    expect(nextTourPage('/organizations/built-in')).toBeUndefined();
  });
});
