/** 信息看板 and 业务大厅's counts (server/src/modules/board), through the request client; the answers are declared in core (answers/board.ts). */
import type { Wire, boardAnswers, CardType } from '@dg/core';
import { request } from '../../api/request';
import type { Row } from '../../components/resource/types';

export type {
  CardAbnormal as AbnormalItem, CardDocument as DocumentItem, CardHazard as HazardItem, CardMatch as Match, CardType, CardWaybill as WaybillItem,
  InTransit, LobbyCounts, StaticArea, WarningEnterpriseCount as EnterpriseCounts,
} from '@dg/core';
type A = typeof boardAnswers;

const enc = encodeURIComponent;
type ListBody = { page: number; size: number; filters?: Record<string, unknown> };

export const dynamicSummary = () => request<Wire<A['dynamic']>>({ url: '/zyd/board/dynamic', method: 'get' });
export const dynamicList = (body: ListBody) => request<Wire<A['dynamicList']>>({ url: '/zyd/board/dynamic/list', method: 'post', data: body });

export const lookup = (q: string) => request<Wire<A['lookup']>>({ url: '/zyd/board/lookup', method: 'get', params: { q } });
/** a card; its record is a resource's row as its list presents it */
export type RecordCard = Wire<A['card']> & { record?: Row };
export const getCard = (type: CardType, id: string) => request<RecordCard>({ url: `/zyd/board/card/${enc(type)}/${enc(id)}`, method: 'get' });

export const staticSummary = () => request<Wire<A['static']>>({ url: '/zyd/board/static', method: 'get' });
export const staticEnterprises = (body: ListBody) => request<Wire<A['staticEnterprises']>>({ url: '/zyd/board/static/enterprises', method: 'post', data: body });
export const staticDocuments = (body: ListBody) => request<Wire<A['staticDocuments']>>({ url: '/zyd/board/static/documents', method: 'post', data: body });

export const tipSummary = () => request<Wire<A['tips']>>({ url: '/zyd/board/tips', method: 'get' });

export const lobbyCounts = () => request<Wire<A['lobbyCounts']>>({ url: '/lobby/counts', method: 'get' });
