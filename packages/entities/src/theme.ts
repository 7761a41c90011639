import { z } from 'zod';

/** Theme settings of an organization or application (the theme editor's). */
export interface ThemeData {
  themeType: string;
  colorPrimary: string;
  borderRadius: number;
  isCompact: boolean;
  isEnabled: boolean;
}
export const themeDataSchema = z.object({
  themeType: z.string().max(50).default('default'),
  colorPrimary: z.string().max(50).default('#5734d3'),
  borderRadius: z.number().min(0).max(20).default(6),
  isCompact: z.boolean().default(false),
  isEnabled: z.boolean().default(false),
}) as z.ZodType<ThemeData>;
export const emptyTheme = (): ThemeData => ({
  themeType: 'default',
  colorPrimary: '#5734d3',
  borderRadius: 6,
  isCompact: false,
  isEnabled: false,
});
