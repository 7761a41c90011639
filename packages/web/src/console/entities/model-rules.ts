import { type ModelFields, modelFields, parseModelText, REQUIRED_MODEL_SECTIONS } from '@gatehouse/entities';

/** What is wrong with a model text as far as the console can tell (the server checks it fully), or null. */
export function modelTextProblem(text: string): string | null {
  try {
    const names = parseModelText(text).map((s) => s.name);
    const missing = REQUIRED_MODEL_SECTIONS.filter((s) => !names.includes(s));
    return missing.length > 0 ? `missing required sections: ${missing.join(', ')}` : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The Advanced tab's fields of a text, or null when the text does not parse. */
export function fieldsOfText(text: string): ModelFields | null {
  try {
    return modelFields(parseModelText(text));
  } catch {
    return null;
  }
}

/** The list's preview of a model text: its first 100 characters. */
export function modelTextPreview(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
