/**
 * antd's message / modal / notification for code outside components (the request client, the
 * guard, the sign-in page). Inside the signed-in app they are the ones bound to its ConfigProvider
 * (theme, locale), set by <AntdStaticHolder> in AntdRoot; before that mounts (the sign-in page,
 * which carries no antd: its download budget) a call loads antd's static functions on first
 * use and runs on them.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

type Apis = { message: MessageInstance; modal: ModalApi; notification: NotificationInstance };

let bound: Apis | null = null;

/** an object whose every method loads antd's static API and then calls it (answers nothing) */
function deferred<K extends keyof Apis>(kind: K): Apis[K] {
  return new Proxy({} as Apis[K], {
    get: (_t, method) => (...args: unknown[]) => {
      void import('./staticApi.ts').then((m) => {
        const api = m.STATIC[kind] as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>;
        return api[method]!(...args);
      });
    },
  });
}
const fallback: Apis = { message: deferred('message'), modal: deferred('modal'), notification: deferred('notification') };

export const message = (): MessageInstance => (bound ?? fallback).message;
export const modal = (): ModalApi => (bound ?? fallback).modal;
export const notification = (): NotificationInstance => (bound ?? fallback).notification;

/** AntdStaticHolder binds the app's instances while it is mounted */
export function bindStaticApis(apis: Apis | null): void {
  bound = apis;
}
