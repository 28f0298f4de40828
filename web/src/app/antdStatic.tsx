/**
 * antd's message / modal / notification bound to the app's ConfigProvider (theme, locale), for
 * code outside components (the request client, the guard). Falls back to the static functions
 * before <App> has mounted.
 */
import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

let messageApi: MessageInstance = staticMessage;
let modalApi: ModalApi = Modal as unknown as ModalApi;
let notificationApi: NotificationInstance = staticNotification;

export const message = (): MessageInstance => messageApi;
export const modal = (): ModalApi => modalApi;
export const notification = (): NotificationInstance => notificationApi;

/** mount once inside antd <App> */
export function AntdStaticHolder() {
  const api = App.useApp();
  messageApi = api.message;
  modalApi = api.modal;
  notificationApi = api.notification;
  useEffect(() => () => {
    messageApi = staticMessage;
    modalApi = Modal as unknown as ModalApi;
    notificationApi = staticNotification;
  }, []);
  return null;
}
