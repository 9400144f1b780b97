/**
 * Loading indicators move only once a wait has lasted a second. Every frame of a turning spinner or a pulsing
 * skeleton is composited and drawn again, work that competes with the app's own start for a phone's cores (on
 * this project's 2-core test machine, about 200 ms of the GPU process's CPU while a screen starts). A screen
 * that is ready sooner so never draws a frame for them; a slow start (a flaky connection) shows the same motion
 * as before, from then on. Until then a skeleton is a still block and a spinner is not shown.
 *
 * public/loading.css (the static shell's spinner, before any script) uses the same delay:
 * tests/lint/loadingMotion.test.ts checks that they agree.
 */
export const LOADING_MOTION_DELAY_MS = 1000;

/** LOADING_MOTION_DELAY_MS as a CSS time. */
export const LOADING_MOTION_DELAY = `${LOADING_MOTION_DELAY_MS}ms`;
