/** An RFC 3339 time as local date and time in the console's language; '' stays ''. */
export function formatTime(value: unknown, language: string): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(language === 'zh' ? 'zh-CN' : 'en-US');
}
