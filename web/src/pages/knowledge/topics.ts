/** Where each 知识库 topic's document opens: `/zfdZskManager/<name>/{uuid}` (罐车's gcgtxxInfo is the product's route). */
export const KNOWLEDGE_INFO: Record<string, { path: string; title: string; menu: string }> = {
  knRegulation: { path: 'regulationInfo', title: '法律法规详情', menu: 'regulationManager' },
  knStandard: { path: 'standardInfo', title: '标准规范详情', menu: 'standardManager' },
  knEmergency: { path: 'emergencyInfo', title: '应急处置方法详情', menu: 'emergencyManager' },
  knAccident: { path: 'accidentCaseInfo', title: '事故案例详情', menu: 'accidentCaseManager' },
  knTanker: { path: 'gcgtxxInfo', title: '罐车详情', menu: 'gcgtxxManager' },
  knTankBox: { path: 'tankBoxInfo', title: '罐箱详情', menu: 'tankBoxManager' },
  knSign: { path: 'signInfo', title: '标志标识详情', menu: 'signManager' },
};

export const knowledgeInfoPath = (topic: string, id: string) => `/zfdZskManager/${KNOWLEDGE_INFO[topic]!.path}/${encodeURIComponent(id)}`;
