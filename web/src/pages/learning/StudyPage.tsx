/**
 * The study screen (/learningvideo/{course}/{subject}/{chapter}): the chapter's video plays from the server in byte
 * ranges (seeking fetches only what is needed) and resumes where the person left off; a PDF opens in the browser's
 * viewer. The page collects the seconds actually played — a jump (seek) ends an interval and starts another, so the
 * skipped part is never reported — and reports them every REPORT_EVERY_SECONDS, on pause, on the end and when the page
 * is hidden or left. For a document the reading seconds are counted while the page is visible. The server decides what
 * counts (core learning.ts); the page shows what it answered.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, List, Progress as Bar, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { REPORT_EVERY_SECONDS } from '@dg/core';
import { getCourse, mediaUrl, reportWatched, startChapter, studyPath, type Progress } from './api';

type Span = [number, number];
/**
 * a seek shows up as a jump of the playhead between two time updates (which come every quarter second or so): an
 * advance within MAX_STEP, or within the wall time since the last update (a busy computer may send its updates seconds
 * apart while the video plays on), is playing; anything more is a jump
 */
const MAX_STEP = 1.5;
const playedStep = (advance: number, wallSeconds: number, rate: number) => advance <= Math.max(MAX_STEP, wallSeconds * rate + 0.5);

function useReporter(chapterId: string, onAnswer: (p: Progress) => void) {
  const pending = useRef<Span[]>([]);
  const position = useRef(0);
  const sending = useRef(false);
  const flush = useCallback(async () => {
    if (sending.current || !pending.current.length) return;
    const spans = pending.current;
    pending.current = [];
    sending.current = true;
    try {
      onAnswer(await reportWatched(chapterId, spans.map(([a, b]) => [Math.round(a * 100) / 100, Math.round(b * 100) / 100]), Math.floor(position.current)));
    } catch {
      // not counted this time: the seconds go with the next report
      pending.current = [...spans, ...pending.current];
    } finally {
      sending.current = false;
    }
  }, [chapterId, onAnswer]);
  const add = useCallback((a: number, b: number) => {
    if (b <= a) return;
    const last = pending.current[pending.current.length - 1];
    if (last && Math.abs(last[1] - a) < 0.01) last[1] = b;
    else pending.current.push([a, b]);
  }, []);
  useEffect(() => {
    const timer = window.setInterval(() => void flush(), REPORT_EVERY_SECONDS * 1000);
    const hidden = () => { if (document.visibilityState === 'hidden') void flush(); };
    document.addEventListener('visibilitychange', hidden);
    return () => { window.clearInterval(timer); document.removeEventListener('visibilitychange', hidden); void flush(); };
  }, [flush]);
  return { add, flush, position };
}

function VideoChapter({ chapterId, start, onAnswer }: { chapterId: string; start: Progress; onAnswer: (p: Progress) => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const last = useRef<number | null>(null);
  const { add, flush, position } = useReporter(chapterId, onAnswer);
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    const resume = () => { if (start.lastPosition > 0 && start.lastPosition < v.duration - 1) v.currentTime = start.lastPosition; };
    let lastWall = 0;
    const tick = () => {
      const now = v.currentTime;
      const wall = performance.now();
      position.current = now;
      if (last.current !== null && !v.seeking && now >= last.current && playedStep(now - last.current, (wall - lastWall) / 1000, v.playbackRate)) add(last.current, now);
      last.current = v.paused || v.seeking ? null : now;
      lastWall = wall;
    };
    const jump = () => { last.current = null; };
    const playing = () => { last.current = v.currentTime; lastWall = performance.now(); };
    const stop = () => { tick(); last.current = null; void flush(); };
    const on: [string, () => void][] = [['loadedmetadata', resume], ['timeupdate', tick], ['seeking', jump], ['playing', playing], ['pause', stop], ['ended', stop]];
    for (const [event, fn] of on) v.addEventListener(event, fn);
    return () => { for (const [event, fn] of on) v.removeEventListener(event, fn); };
  }, [add, flush, position, start.lastPosition]);
  return <video ref={ref} data-testid="chapter-video" controls preload="metadata" src={mediaUrl(chapterId)} style={{ width: '100%', maxHeight: 480, background: '#000' }} />;
}

function DocumentChapter({ chapterId, start, onAnswer }: { chapterId: string; start: Progress; onAnswer: (p: Progress) => void }) {
  const { add, position } = useReporter(chapterId, onAnswer);
  // reading time goes on from the first second not yet counted, one second per visible second
  const clock = useRef(start.intervals[0]?.[0] === 0 ? start.intervals[0][1] : 0);
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'visible' || clock.current >= start.durationSeconds) return;
      add(clock.current, clock.current + 1);
      clock.current += 1;
      position.current = clock.current;
    }, 1000);
    return () => window.clearInterval(timer);
  }, [add, position, start.durationSeconds]);
  return (
    <>
      <iframe data-testid="chapter-document" title="章节文档" src={mediaUrl(chapterId)} style={{ width: '100%', height: 560, border: '1px solid #f0f0f0' }} />
      <Typography.Link href={mediaUrl(chapterId)} target="_blank" rel="noopener">在新窗口中打开文档</Typography.Link>
    </>
  );
}

const fmt = (s: number) => `${Math.floor(s / 60)}分${String(Math.floor(s % 60)).padStart(2, '0')}秒`;

export default function StudyPage() {
  const { uuid = '', subjectsUuid = '', url: chapterId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const course = useQuery({ queryKey: ['learning', 'course', uuid], queryFn: () => getCourse(uuid) });
  const started = useQuery({ queryKey: ['learning', 'start', chapterId], queryFn: () => startChapter(chapterId), gcTime: 0, staleTime: Infinity });
  const [now, setNow] = useState<Progress | null>(null);
  useEffect(() => setNow(null), [chapterId]);
  const onAnswer = useCallback((p: Progress) => {
    setNow(p);
    void queryClient.invalidateQueries({ queryKey: ['learning', 'my'] });
  }, [queryClient]);
  const chapter = course.data?.chapters.find((c) => c.id === chapterId);
  if (course.isError || started.isError) return <Alert type="warning" showIcon message="章节不存在或无权访问" />;
  if (!course.data || !started.data || !chapter) return <Skeleton active />;
  const p = now ?? started.data;
  return (
    <Row gutter={16}>
      <Col xs={24} lg={16}>
        <Card title={<Space><Tag color={chapter.kind === '视频' ? 'blue' : 'purple'}>{chapter.kind}</Tag>{chapter.title}</Space>}
          extra={<Button onClick={() => navigate('/learningManager/mySubjectManager')}>返回我的课程</Button>}>
          {started.data.notice && <Alert type="info" showIcon message={started.data.notice} style={{ marginBottom: 12 }} />}
          {chapter.kind === '视频'
            ? <VideoChapter key={chapterId} chapterId={chapterId} start={started.data} onAnswer={onAnswer} />
            : <DocumentChapter key={chapterId} chapterId={chapterId} start={started.data} onAnswer={onAnswer} />}
          <Space size="large" wrap style={{ marginTop: 12 }} data-testid="chapter-progress">
            <span>已学 {fmt(p.watchedSeconds)} / {fmt(p.durationSeconds)}</span>
            <span>计入学时 {p.creditedMinutes} / {chapter.minutes} 分钟</span>
            {p.done && <Tag color="success">已学完</Tag>}
            <Bar percent={p.durationSeconds ? Math.min(100, Math.floor((p.watchedSeconds / p.durationSeconds) * 100)) : 0} size="small" style={{ width: 200 }} />
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            只有实际观看的时长计入学时：快进跳过的部分、多个窗口同时播放、超过实际经过时间的部分均不计入。
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={`${course.data.subjectName} · ${course.data.name}`}>
          <List size="small" dataSource={course.data.chapters} renderItem={(c) => (
            <List.Item style={{ cursor: 'pointer', fontWeight: c.id === chapterId ? 600 : undefined }} onClick={() => navigate(studyPath(uuid, subjectsUuid, c.id))}>
              <Space><Tag>{c.kind}</Tag>{c.title}</Space>
              <span>{c.id === chapterId ? `${Math.min(100, Math.floor((p.watchedSeconds / Math.max(1, p.durationSeconds)) * 100))}%` : c.done ? '已学完' : `${Math.min(100, Math.floor((c.watchedSeconds / Math.max(1, c.durationSeconds)) * 100))}%`}</span>
            </List.Item>
          )} />
        </Card>
      </Col>
    </Row>
  );
}
