/** NProgress as in vue-element-admin's permission.js: no spinner; a bar coloured by the theme. */
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false });

let depth = 0;
export function progressStart(): void {
  if (depth++ === 0) NProgress.start();
}
export function progressDone(): void {
  depth = Math.max(0, depth - 1);
  if (depth === 0) NProgress.done();
}
export function progressReset(): void {
  depth = 0;
  NProgress.done();
}
