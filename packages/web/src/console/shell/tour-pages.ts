/** The pages of the onboarding tour, in order; finishing one page's tour opens the next page. */
export const TOUR_PAGES = ['/organizations', '/users'] as const;

export function nextTourPage(pathname: string): string | undefined {
  const index = TOUR_PAGES.indexOf(pathname as (typeof TOUR_PAGES)[number]);
  return index >= 0 ? TOUR_PAGES[index + 1] : undefined;
}
