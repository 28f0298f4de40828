/** The menu pages of 运输任务 over the one WaybillQueue component (registered in pages/registry.tsx). */
import WaybillQueue from './WaybillQueue';

export const BaseQueuePage = () => <WaybillQueue queue="base" />;
export const DispatchQueuePage = () => <WaybillQueue queue="dispatch" />;
export const CheckQueuePage = () => <WaybillQueue queue="waybillCheck" />;
export const DistributeQueuePage = () => <WaybillQueue queue="distribute" />;
export const ManageQueuePage = () => <WaybillQueue queue="manage" />;
