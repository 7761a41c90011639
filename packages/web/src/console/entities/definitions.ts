/**
 * The entity definitions the console's pages render, loaded with those pages (their validation
 * library stays out of the sign-in pages and the console's entry).
 */
export { entityByName as definitionOf } from '@gatehouse/entities';
