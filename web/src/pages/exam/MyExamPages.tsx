/**
 * 我的考试: my exams, taking one (/mytestpaperinfo1/{attempt}), my graded paper (/learningManager/mytestpaperinfo/{attempt})
 * and my attempts at an exam (/learningManager/myExemManagerinfo/{exam}). The countdown runs from the seconds the server
 * says are left (never the browser's date); each answer is sent the moment it is chosen, and one that could not be
 * sent is kept (also across a reload, in localStorage) and sent again until the server has it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Empty, Modal, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { clockText } from '@dg/core';
import { ResourcePage, formatDateTime } from '../../components/resource';
import type { Row } from '../../components/resource/types';
import { EXAM_PATHS, attemptPaper, myExams, myHistory, myPaper, saveAnswer, startExam, submitPaper, type MyExam, type Paper, type PaperQuestion } from './api';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];
const scoreText = (v: number | null | undefined) => (v === null || v === undefined ? '—' : String(v));

export function MyExamList() {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['exam', 'mine'], queryFn: myExams });
  const [starting, setStarting] = useState<string | null>(null);
  const start = async (e: MyExam) => {
    setStarting(e.id);
    try {
      const { attemptId } = await startExam(e.id);
      navigate(EXAM_PATHS.take(attemptId));
    } catch { /* the request client has shown the refusal */ } finally { setStarting(null); }
  };
  const open = (e: MyExam) => {
    const now = new Date(e.serverNow).getTime();
    return e.state === '已发布' && now >= new Date(e.startAt).getTime() && now < new Date(e.endAt).getTime();
  };
  return (
    <Card title="我的考试" data-testid="my-exams">
      <Table<MyExam> rowKey="id" loading={q.isLoading} dataSource={q.data ?? []} pagination={false} columns={[
        { title: '考试标题', dataIndex: 'title' },
        { title: '考试时间', key: 'time', render: (_, e) => `${formatDateTime(e.startAt)} 至 ${formatDateTime(e.endAt)}` },
        { title: '时长', dataIndex: 'duration', width: 90, render: (v: number) => `${v}分钟` },
        { title: '及格分/总分', key: 'pass', width: 110, render: (_, e) => `${e.passScore}/${scoreText(e.totalScore)}` },
        { title: '已考/可考次数', key: 'n', width: 120, render: (_, e) => `${e.attempts}/${e.maxAttempts}` },
        { title: '最高分', dataIndex: 'bestScore', width: 90, render: (v: number | null, e) => (v === null ? '—' : <Tag color={e.passed ? 'success' : 'error'}>{v}</Tag>) },
        { title: '操作', key: 'op', width: 200, render: (_, e) => (
          <Space>
            {e.openAttemptId ? <Button type="link" size="small" onClick={() => navigate(EXAM_PATHS.take(e.openAttemptId!))}>继续考试</Button>
              : open(e) && e.attempts < e.maxAttempts ? <Button type="link" size="small" loading={starting === e.id} onClick={() => start(e)}>开始考试</Button> : null}
            <Button type="link" size="small" onClick={() => navigate(EXAM_PATHS.history(e.id))}>考试记录</Button>
          </Space>
        ) },
      ]} />
    </Card>
  );
}

/** answers not yet acknowledged by the server, per attempt, kept across a reload */
const pendingKey = (attemptId: string) => `dg.exam.pending.${attemptId}`;
function loadPending(attemptId: string): Record<string, string> {
  try { return JSON.parse(localStorage.getItem(pendingKey(attemptId)) ?? '{}') as Record<string, string>; } catch { return {}; }
}

export function ExamTaking() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const [paper, setPaper] = useState<Paper | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [current, setCurrent] = useState(0);
  const [left, setLeft] = useState(0);
  const [unsent, setUnsent] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const pending = useRef<Record<string, string>>({});
  const flushing = useRef(false);

  const load = useCallback(async () => {
    const p = await myPaper(uuid);
    if (p.state !== '答题中') { navigate(EXAM_PATHS.paper(p.id), { replace: true }); return; }
    pending.current = { ...loadPending(uuid), ...pending.current };
    setAnswers({ ...Object.fromEntries(p.questions.map((q) => [q.id, q.answer])), ...pending.current });
    setPaper(p);
    // the end, on this page's monotonic clock: the seconds the server counted, from now
    const end = performance.now() + p.secondsLeft * 1000;
    setLeft(p.secondsLeft);
    return end;
  }, [uuid, navigate]);

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      for (const [questionId, answer] of Object.entries(pending.current)) {
        try {
          await saveAnswer(uuid, questionId, answer);
          if (pending.current[questionId] === answer) delete pending.current[questionId];
        } catch (err) {
          // a refusal (time is up, handed in) ends the paper; a lost connection keeps the answer for the next try
          if ((err as { status?: number }).status === 40001) { pending.current = {}; localStorage.removeItem(pendingKey(uuid)); await load(); return; }
          break;
        }
      }
      localStorage.setItem(pendingKey(uuid), JSON.stringify(pending.current));
      setUnsent(Object.keys(pending.current).length);
    } finally { flushing.current = false; }
  }, [uuid, load]);

  useEffect(() => {
    let end = 0;
    let tick: number | undefined;
    void load().then((e) => {
      if (e === undefined) return;
      end = e;
      void flush();
      tick = window.setInterval(() => {
        const s = Math.max(0, Math.round((end - performance.now()) / 1000));
        setLeft(s);
        // the server hands the paper in at its deadline; reading it then shows the result
        if (s === 0) { window.clearInterval(tick); void load(); }
      }, 1000);
    });
    const retry = window.setInterval(() => { if (Object.keys(pending.current).length) void flush(); }, 3000);
    return () => { window.clearInterval(tick); window.clearInterval(retry); };
  }, [load, flush]);

  const choose = (q: PaperQuestion, answer: string) => {
    setAnswers((a) => ({ ...a, [q.id]: answer }));
    pending.current[q.id] = answer;
    localStorage.setItem(pendingKey(uuid), JSON.stringify(pending.current));
    setUnsent(Object.keys(pending.current).length);
    void flush();
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      await flush();
      if (Object.keys(pending.current).length) return;
      const graded = await submitPaper(uuid);
      localStorage.removeItem(pendingKey(uuid));
      navigate(EXAM_PATHS.paper(graded.id), { replace: true });
    } catch { /* shown by the request client */ } finally { setSubmitting(false); }
  };

  if (!paper) return <Card loading />;
  const q = paper.questions[current]!;
  const answered = paper.questions.filter((x) => answers[x.id]).length;
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Card style={{ flex: '1 1 480px' }} title={`${paper.title}（第${paper.attemptNo}次）`} extra={<Tag color={left <= 300 ? 'error' : 'processing'} data-testid="exam-clock">剩余时间 {clockText(left)}</Tag>}>
        <Typography.Paragraph strong data-testid="exam-question">{q.no}. 【{q.type}】{q.stem}（{q.score}分）</Typography.Paragraph>
        {q.type === '多选' ? (
          <Checkbox.Group value={(answers[q.id] ?? '').split('').filter(Boolean)} onChange={(v) => choose(q, [...v].sort().join(''))}>
            <Space direction="vertical">{q.options.map((o, i) => <Checkbox key={i} value={LETTERS[i]}>{LETTERS[i]}. {o}</Checkbox>)}</Space>
          </Checkbox.Group>
        ) : (
          <Radio.Group value={answers[q.id] || undefined} onChange={(e) => choose(q, e.target.value as string)}>
            <Space direction="vertical">{q.options.map((o, i) => <Radio key={i} value={LETTERS[i]}>{LETTERS[i]}. {o}</Radio>)}</Space>
          </Radio.Group>
        )}
        <div style={{ marginTop: 24 }}>
          <Space>
            <Button disabled={current === 0} onClick={() => setCurrent(current - 1)}>上一题</Button>
            <Button disabled={current === paper.questions.length - 1} onClick={() => setCurrent(current + 1)}>下一题</Button>
            <Popconfirm title={answered < paper.questions.length ? `还有${paper.questions.length - answered}题未作答，确定交卷？` : '确定交卷？'} okText="交卷" onConfirm={submit}>
              <Button type="primary" loading={submitting}>交卷</Button>
            </Popconfirm>
          </Space>
        </div>
      </Card>
      <Card style={{ flex: '0 1 300px' }} title="答题卡" extra={<span data-testid="exam-saved">{unsent ? `${unsent}题待保存，正在重试` : '答案已保存'}</span>}>
        <Space wrap size={6} data-testid="exam-navigator">
          {paper.questions.map((x, i) => (
            <Button key={x.id} size="small" style={{ width: 36 }} type={i === current ? 'primary' : answers[x.id] ? 'default' : 'dashed'}
              data-answered={answers[x.id] ? '1' : '0'} onClick={() => setCurrent(i)}>{x.no}</Button>
          ))}
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>已答 {answered}/{paper.questions.length} 题。作答即保存，刷新或断网不会丢失答案，时间到自动交卷。</Typography.Paragraph>
      </Card>
    </div>
  );
}

/** a graded paper: my own, or (考试管理) any in the manager's scope */
export function PaperView({ load }: { load: (id: string) => Promise<Paper> }) {
  const { uuid = '' } = useParams();
  const q = useQuery({ queryKey: ['exam', 'paper', uuid], queryFn: () => load(uuid) });
  const p = q.data;
  if (!p) return <Card loading={q.isLoading}>{q.isError ? <Empty description="试卷不存在或无权查看" /> : null}</Card>;
  return (
    <Card title={`${p.title}（第${p.attemptNo}次）`}>
      {p.state === '答题中' ? <Alert type="info" showIcon message="试卷尚未交卷" /> : (
        <Descriptions size="small" column={3} bordered data-testid="exam-result">
          <Descriptions.Item label="得分"><Typography.Text strong>{scoreText(p.score)}</Typography.Text> / {scoreText(p.totalScore)}</Descriptions.Item>
          <Descriptions.Item label="结果">{p.passed ? <Tag color="success">及格</Tag> : <Tag color="error">不及格</Tag>}（及格分{p.passScore}）</Descriptions.Item>
          <Descriptions.Item label="交卷">{formatDateTime(p.submittedAt)}{p.autoSubmitted ? '（超时自动交卷）' : ''}</Descriptions.Item>
        </Descriptions>
      )}
      {p.questions.map((x) => (
        <div key={x.id} style={{ marginTop: 16 }}>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>{x.no}. 【{x.type}】{x.stem}（{x.score}分）</Typography.Paragraph>
          {x.options.map((o, i) => <div key={i}>{LETTERS[i]}. {o}</div>)}
          <div>
            作答：{x.answer || '未作答'}
            {x.key !== undefined && <> · 答案：{x.key} · {x.correct ? <Tag color="success">正确 +{x.points}</Tag> : <Tag color="error">错误</Tag>}</>}
          </div>
          {x.explanation && <Typography.Text type="secondary">解析：{x.explanation}</Typography.Text>}
        </div>
      ))}
    </Card>
  );
}

/** the graded paper: the candidate's own, or (`?by=exam`, from 考试管理's 成绩) any attempt in the manager's scope */
export function MyPaper() {
  const [params] = useSearchParams();
  return <PaperView load={params.get('by') === 'exam' ? attemptPaper : myPaper} />;
}

/** 考试管理: the exams (the generic list with 发布 / 结束; 新增 and 编辑 open the exam's editor, ./ExamEdit.tsx) and each exam's 成绩, exportable, each leading to the graded paper */
export function ExamManagerPage() {
  const navigate = useNavigate();
  const [results, setResults] = useState<Row | null>(null);
  return (
    <>
      <ResourcePage resourceKey="exam" onAdd={() => navigate(EXAM_PATHS.add)} onEdit={(row) => navigate(EXAM_PATHS.edit(String(row.id)))} extraActions={(row) => (row.state === '草稿' ? null
        : <Button type="link" size="small" onClick={() => setResults(row)}>成绩</Button>)} />
      <Modal open={Boolean(results)} width={1100} footer={null} destroyOnHidden title={results ? `考试成绩：${String(results.title)}` : ''} onCancel={() => setResults(null)}>
        {results && <ResourcePage resourceKey="examAttempt" title="考试成绩" fixedFilters={{ examId: results.id }} noWrite
          onDetail={(r) => navigate(`${EXAM_PATHS.paper(String(r.id))}?by=exam`)} />}
      </Modal>
    </>
  );
}

export function MyExamHistory() {
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: ['exam', 'history', uuid], queryFn: () => myHistory(uuid) });
  return (
    <Card title={q.data ? `考试记录：${q.data.exam.title}` : '考试记录'}>
      <Table rowKey="id" loading={q.isLoading} dataSource={q.data?.attempts ?? []} pagination={false} columns={[
        { title: '第几次', dataIndex: 'attemptNo', width: 80 },
        { title: '开始时间', dataIndex: 'startedAt', render: (v: string) => formatDateTime(v) },
        { title: '交卷时间', dataIndex: 'submittedAt', render: (v: string | null, r) => (v ? `${formatDateTime(v)}${r.autoSubmitted ? '（超时自动交卷）' : ''}` : '答题中') },
        { title: '得分', dataIndex: 'score', render: (v: number | null, r) => (v === null ? '—' : <Tag color={r.passed ? 'success' : 'error'}>{v}</Tag>) },
        { title: '操作', key: 'op', render: (_, r) => (r.state === '答题中'
          ? <Button type="link" size="small" onClick={() => navigate(EXAM_PATHS.take(r.id))}>继续考试</Button>
          : <Button type="link" size="small" onClick={() => navigate(EXAM_PATHS.paper(r.id))}>查看试卷</Button>) },
      ]} />
    </Card>
  );
}
