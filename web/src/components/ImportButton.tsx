/**
 * 导入 for master data, as on every list page: download the template,
 * pick an .xlsx or .csv file, choose whether to import only the valid rows, then read the
 * server's row-by-row report. By default a file with any bad row imports nothing.
 * Progress: the upload's bytes, then the rows the server has processed (polled by job id).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Modal, Progress, Space, Table, Upload, type ButtonProps } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { download, request, upload } from '../api/request';
import type { ImportError, ImportProgress, ImportReport } from './resource/types';
import { useFeedback } from './resource/feedback';
import { useSave } from './resource/useSave';

export interface ImportButtonProps extends Omit<ButtonProps, 'onClick' | 'title'> {
  /** import route relative to /api, e.g. '/admin/user/import' (validOnly is added as a query) */
  importUrl: string;
  /** template route, e.g. '/admin/user/template' */
  templateUrl?: string;
  /** file name of the template when the server gives none */
  templateName?: string;
  /** dialog title, e.g. '导入用户' */
  title?: string;
  /** the column title of a field named in the report */
  fieldLabel?: (field: string) => string;
  /** where the server reports an import's progress, e.g. (job) => `/admin/user/import/progress/${job}` */
  progressUrl?: (jobId: string) => string;
  /** after an import that wrote rows */
  onImported?: (report: ImportReport) => void;
  children?: ReactNode;
}

const ACCEPTED = ['.xlsx', '.csv'];
const PROGRESS_TICK_MS = 300;
const PROGRESS_POLL_MS = 800;
/** Without progress from the server the bar creeps towards this and waits. */
const PROGRESS_CEILING = 95;
/** A province's master data can take longer than the usual 50 s call to validate and write. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

type Phase = 'choose' | 'uploading' | 'done';

/** A bar that moves while the server works, finishing when it answers. */
function useCreepingProgress(running: boolean) {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!running) return;
    setPercent(0);
    const timer = setInterval(() => setPercent((p) => p + (PROGRESS_CEILING - p) * 0.08), PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return Math.floor(percent);
}

const newJobId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

/** What the progress bar says: bytes sent, then rows processed, else a creeping estimate. */
function progressOf(sent: number, server: ImportProgress | null, creeping: number): { percent: number; text: string } {
  if (server && server.total > 0) {
    // 校验 is the first half of the bar, 写入 the second
    const share = server.done / server.total;
    const percent = server.stage === '校验' ? share * 50 : server.stage === '写入' ? 50 + share * 50 : share * 100;
    const doing = server.stage === '校验' ? '正在校验' : server.stage === '写入' ? '正在写入' : '正在导入';
    return { percent: Math.floor(percent), text: `${doing}：已处理 ${server.done} / ${server.total} 行` };
  }
  if (server?.stage === '读取文件') return { percent: creeping, text: '正在读取文件…' };
  if (server?.stage === '排队') return { percent: 0, text: '另一个导入正在进行，排队等候…' };
  if (sent < 1) return { percent: Math.floor(sent * 100), text: '正在上传文件…' };
  return { percent: creeping, text: '正在校验数据，请勿关闭窗口…' };
}

function ImportReportView({ report, validOnly, fieldLabel }: {
  report: ImportReport; validOnly: boolean; fieldLabel: (field: string) => string;
}) {
  const errors = report.errors ?? [];
  const badRows = report.badRows ?? new Set(errors.map((e) => e.row)).size;
  const unlisted = (report.errorCount ?? errors.length) - errors.length;
  let summary: ReactNode;
  if (!errors.length) {
    summary = <Alert type="success" showIcon title={`导入完成：共 ${report.total} 行，成功导入 ${report.imported} 行`} />;
  } else if (!validOnly) {
    summary = (
      <Alert type="error" showIcon title="文件中有错误的行，未导入任何数据"
        description={`共 ${report.total} 行，其中 ${badRows} 行有错误。请修改后重新导入，或勾选“仅导入正确的行”。`} />
    );
  } else {
    summary = (
      <Alert type="warning" showIcon
        title={`共 ${report.total} 行，已导入 ${report.imported} 行，${badRows} 行有错误未导入`} />
    );
  }
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {summary}
      {errors.length > 0 && (
        <Table<ImportError>
          size="small"
          rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
          dataSource={errors}
          pagination={{ pageSize: 10, showSizeChanger: false, showTotal: (n) => (unlisted > 0 ? `共 ${n + unlisted} 处错误，列出前 ${n} 处` : `共 ${n} 条`) }}
          columns={[
            { title: '行', dataIndex: 'row', width: 80 },
            { title: '字段', dataIndex: 'field', width: 160, render: (f: string) => (f ? fieldLabel(f) : '') },
            { title: '错误信息', dataIndex: 'message' },
          ]}
        />
      )}
    </Space>
  );
}

export default function ImportButton({
  importUrl, templateUrl, templateName = '导入模板.xlsx', title = '导入', fieldLabel = (f) => f, progressUrl, onImported,
  children = '导入', ...buttonProps
}: ImportButtonProps) {
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [validOnly, setValidOnly] = useState(false);
  const [phase, setPhase] = useState<Phase>('choose');
  const [report, setReport] = useState<ImportReport | null>(null);
  const { save: saveTemplate, saving: templateBusy } = useSave((url: string) => download(url, undefined, templateName));
  const [sent, setSent] = useState(0);
  const [serverProgress, setServerProgress] = useState<ImportProgress | null>(null);
  const creeping = useCreepingProgress(phase === 'uploading' && sent >= 1 && !serverProgress?.total);
  const poller = useRef<ReturnType<typeof setInterval>>(undefined);
  const stopPolling = () => clearInterval(poller.current);
  useEffect(() => stopPolling, []);

  const start = () => {
    setFile(null);
    setValidOnly(false);
    setPhase('choose');
    setReport(null);
    setOpen(true);
  };

  // a refusal is toasted by the request client
  const fetchTemplate = async () => {
    if (templateUrl) await saveTemplate(templateUrl);
  };

  const runImport = async () => {
    if (!file) {
      message.warning('请选择要导入的文件');
      return;
    }
    setPhase('uploading');
    setSent(0);
    setServerProgress(null);
    const jobId = newJobId();
    if (progressUrl) {
      poller.current = setInterval(() => {
        request<ImportProgress | null>({ url: progressUrl(jobId), method: 'get', silent: true })
          .then((p) => p && setServerProgress(p))
          .catch(() => undefined);
      }, PROGRESS_POLL_MS);
    }
    const query = `validOnly=${validOnly ? 1 : 0}&jobId=${encodeURIComponent(jobId)}`;
    try {
      const answer = await upload<ImportReport>(`${importUrl}${importUrl.includes('?') ? '&' : '?'}${query}`, file, undefined, {
        timeout: IMPORT_TIMEOUT_MS,
        onUploadProgress: (e) => setSent(e.total ? e.loaded / e.total : e.progress ?? 0),
      });
      const result: ImportReport = { total: answer?.total ?? 0, imported: answer?.imported ?? 0, errors: answer?.errors ?? [], errorCount: answer?.errorCount, badRows: answer?.badRows };
      setReport(result);
      setPhase('done');
      if (result.imported > 0) onImported?.(result);
    } catch {
      setPhase('choose');
    } finally {
      stopPolling();
    }
  };
  const progress = progressOf(sent, serverProgress, creeping);

  const accept = (f: File) => {
    const name = f.name.toLowerCase();
    if (!ACCEPTED.some((ext) => name.endsWith(ext))) {
      message.warning('请选择 .xlsx 或 .csv 文件');
      return Upload.LIST_IGNORE;
    }
    setFile(f);
    return false; // sent on 开始导入, not on choosing
  };

  const footer =
    phase === 'done'
      ? [
          <Button key="again" onClick={() => { setFile(null); setReport(null); setPhase('choose'); }}>重新选择文件</Button>,
          <Button key="close" type="primary" onClick={() => setOpen(false)}>关闭</Button>,
        ]
      : [
          <Button key="cancel" disabled={phase === 'uploading'} onClick={() => setOpen(false)}>取消</Button>,
          <Button key="go" type="primary" icon={<UploadOutlined />} loading={phase === 'uploading'} disabled={!file} onClick={runImport}>
            开始导入
          </Button>,
        ];

  return (
    <>
      <Button icon={<UploadOutlined />} {...buttonProps} onClick={start}>{children}</Button>
      <Modal
        open={open}
        title={title}
        width={phase === 'done' && report?.errors.length ? 760 : 560}
        footer={footer}
        closable={phase !== 'uploading'}
        mask={{ closable: false }}
        keyboard={phase !== 'uploading'}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {phase === 'done' && report ? (
          <ImportReportView report={report} validOnly={validOnly} fieldLabel={fieldLabel} />
        ) : (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {templateUrl && (
              <div>
                <span>第一步：</span>
                <Button type="link" icon={<DownloadOutlined />} loading={templateBusy} onClick={fetchTemplate} style={{ paddingInline: 0 }}>
                  下载模板
                </Button>
                <span style={{ color: 'rgba(0,0,0,0.45)' }}>，按模板的列填写数据</span>
              </div>
            )}
            <Upload.Dragger
              accept={ACCEPTED.join(',')}
              maxCount={1}
              beforeUpload={accept}
              fileList={file ? [{ uid: 'import-file', name: file.name, status: 'done' }] : []}
              onRemove={() => { setFile(null); return true; }}
              disabled={phase === 'uploading'}
            >
              <p className="ant-upload-drag-icon"><InboxOutlined /></p>
              <p className="ant-upload-text">点击或将文件拖到此处</p>
              <p className="ant-upload-hint">支持 .xlsx、.csv 文件，第一行为表头</p>
            </Upload.Dragger>
            <Checkbox checked={validOnly} disabled={phase === 'uploading'} onChange={(e) => setValidOnly(e.target.checked)}>
              仅导入正确的行
            </Checkbox>
            {phase === 'uploading' && (
              <div>
                <Progress percent={progress.percent} status="active" />
                <span style={{ color: 'rgba(0,0,0,0.45)' }}>{progress.text}</span>
              </div>
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
