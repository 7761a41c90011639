import { describe, expect, it } from 'vitest';
import { appearanceOf, backgroundOf, cssText, formJustify, pageStyleOf } from './application-appearance';

const theme = { themeType: 'dark', colorPrimary: '#ff0000', borderRadius: 12, isCompact: true };

describe('appearanceOf', () => {
  it('centres the form with the console theme when the application says nothing', () => {
    expect(appearanceOf(undefined)).toEqual({
      offset: 2,
      background: '',
      backgroundMobile: '',
      sideHtml: '',
      theme: null,
      formCss: '',
      formCssMobile: '',
      headerHtml: '',
      footerHtml: '',
    });
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
    ).toMatchObject({ offset: 4, background: '/bg.png', backgroundMobile: '/bg-m.png', sideHtml: '<p>Hi</p>', theme: null });
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

describe('form CSS', () => {
  it('reads the form CSS and the header and footer HTML', () => {
    expect(
      appearanceOf({ formCss: '.a{}', formCssMobile: '.b{}', headerHtml: '<p>top</p>', footerHtml: '<p>end</p>' }),
    ).toMatchObject({ formCss: '.a{}', formCssMobile: '.b{}', headerHtml: '<p>top</p>', footerHtml: '<p>end</p>' });
  });

  it('strips the style tags Casdoor wraps CSS in', () => {
    expect(cssText('<style type="text/css">\n.a { color: red }\n</STYLE>')).toBe('.a { color: red }');
    expect(cssText('.b{}')).toBe('.b{}');
  });

  it('applies the form CSS on wide screens and the mobile form CSS on phones', () => {
    expect(pageStyleOf({ formCss: '<style>.a{}</style>', formCssMobile: '.b{}' })).toBe(
      '@media (min-width: 768px) {\n.a{}\n}\n@media (max-width: 767.98px) {\n.b{}\n}',
    );
    expect(pageStyleOf({ formCss: '', formCssMobile: '.b{}' })).toBe('@media (max-width: 767.98px) {\n.b{}\n}');
    expect(pageStyleOf({ formCss: '<style></style>', formCssMobile: '' })).toBe('');
  });
});
