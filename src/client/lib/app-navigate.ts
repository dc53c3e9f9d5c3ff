/** Lets non-React code (error handling, logout) navigate once the router exists. */
let navigateTo: (to: string) => void = (to) => window.location.assign(to);

export function setAppNavigate(fn: (to: string) => void): void {
  navigateTo = fn;
}

export function appNavigate(to: string): void {
  navigateTo(to);
}
