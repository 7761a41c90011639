/**
 * A button's `loading` for an action in flight, shown only once the action lasts 300 ms. Quick
 * answers then never flash a spinner, and the spinner is never cut off before its entry animation
 * starts (antd then leaves the hidden icon, whose "loading" label stays in the button's name).
 */
export function busyLoading(busy: boolean): false | { delay: number } {
  return busy ? { delay: 300 } : false;
}
