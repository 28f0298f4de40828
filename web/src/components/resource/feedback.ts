/**
 * Toasts and notifications: Ant Design's App context when the shell mounts <App>, else the
 * static API, so the resource UI works inside or outside it.
 */
import { App, message as staticMessage, notification as staticNotification } from 'antd';

export function useFeedback() {
  const app = App.useApp();
  const message = typeof app.message?.success === 'function' ? app.message : staticMessage;
  const notification = typeof app.notification?.success === 'function' ? app.notification : staticNotification;
  return { message, notification };
}
