/** The public part of a catalogue (see public-groups.ts): nested groups of texts. */
declare module '*.json?public' {
  interface Catalogue {
    [key: string]: string | Catalogue;
  }
  const catalogue: Catalogue;
  export default catalogue;
}
