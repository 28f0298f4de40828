/**
 * 企业车辆审核 and the government's 基础信息查询 over enterprise records:
 * the public registration, the review queue, and the read-only query pages.
 */
import type { FastifyPluginAsync } from 'fastify';
import { registerRoutes } from './register.ts';
import { reviewRoutes } from './review.ts';
import { jcxxRoutes } from './jcxx.ts';

export const approvalModule: FastifyPluginAsync = async (app) => {
  await app.register(registerRoutes);
  await app.register(reviewRoutes);
  await app.register(jcxxRoutes);
};
