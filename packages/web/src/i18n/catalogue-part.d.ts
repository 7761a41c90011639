/** The public part of a catalogue (see public-groups.ts). */
declare module '*.json?public' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
