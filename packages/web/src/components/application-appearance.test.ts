import { describe, expect, it } from 'vitest';
import { appearanceOf, backgroundOf, formJustify } from './application-appearance';

const theme = { themeType: 'dark', colorPrimary: '#ff0000', borderRadius: 12, isCompact: true };

describe('appearanceOf', () => {
  it('centres the form with the console theme when the application says nothing', () => {
    expect(appearanceOf(undefined)).toEqual({ offset: 2, background: '', backgroundMobile: '', sideHtml: '', theme: null });
    expect(appearanceOf({ formOffset: 9 }).offset).toBe(2);
  });

  it('reads the offset, the backgrounds and the side panel', () => {
    expect(
      appearanceOf({
        formOffset: 4,
        formBackgroundUrl: '/bg.png',
        formBackgroundUrlMobile: '/bg-m.png',
        formSideHtml: '<p>Hi</p>',
      }),
    ).toEqual({ offset: 4, background: '/bg.png', backgroundMobile: '/bg-m.png', sideHtml: '<p>Hi</p>', theme: null });
    expect(appearanceOf({ formOffset: 1 }).offset).toBe(1);
  });

  it("takes the application's theme when enabled, else the organization's, else none", () => {
    const orgTheme = { ...theme, colorPrimary: '#00ff00', isEnabled: true };
    expect(appearanceOf({ themeData: { ...theme, isEnabled: true }, organizationObj: { themeData: orgTheme } }).theme).toEqual({
      ...theme,
      isEnabled: true,
    });
    expect(appearanceOf({ themeData: { ...theme, isEnabled: false }, organizationObj: { themeData: orgTheme } }).theme).toEqual(
      orgTheme,
    );
    expect(
      appearanceOf({ themeData: { ...theme, isEnabled: false }, organizationObj: { themeData: { isEnabled: false } } }).theme,
    ).toBe(null);
  });
});

describe('layout helpers', () => {
  it('places the form left, centre or right (right beside a side panel)', () => {
    expect(formJustify(1)).toBe('flex-start');
    expect(formJustify(2)).toBe('center');
    expect(formJustify(3)).toBe('flex-end');
    expect(formJustify(4)).toBe('flex-end');
  });

  it('uses the mobile background on phones when there is one', () => {
    const appearance = appearanceOf({ formBackgroundUrl: '/bg.png', formBackgroundUrlMobile: '/bg-m.png' });
    expect(backgroundOf(appearance, true)).toBe('/bg-m.png');
    expect(backgroundOf(appearance, false)).toBe('/bg.png');
    expect(backgroundOf(appearanceOf({ formBackgroundUrl: '/bg.png' }), true)).toBe('/bg.png');
  });
});
