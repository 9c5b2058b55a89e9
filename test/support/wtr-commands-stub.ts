// @open-wc/testing imports @web/test-runner-commands, whose real module loads a file only Web Test
// Runner serves. Under vitest browser mode we alias it to this stub; the snapshot helpers that use
// it are not used by our tests.
const unsupported = () =>
  Promise.reject(new Error('@web/test-runner-commands is not available under vitest'));
export const executeServerCommand = unsupported;
export const getSnapshot = unsupported;
export const getSnapshotConfig = unsupported;
export const getSnapshots = unsupported;
export const saveSnapshot = unsupported;
export const removeSnapshot = unsupported;
export const compareSnapshot = unsupported;
export const sendKeys = unsupported;
export const sendMouse = unsupported;
export const resetMouse = unsupported;
export const setViewport = unsupported;
export const emulateMedia = unsupported;
export const setUserAgent = unsupported;
export const a11ySnapshot = unsupported;
export const findAccessibilityNode = unsupported;
export const readFile = unsupported;
export const writeFile = unsupported;
export const removeFile = unsupported;
export const selectOption = unsupported;
export const grantPermissions = unsupported;
