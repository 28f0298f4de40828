/**
 * /userRegister: 企业注册 without login. Creates a pending application that the
 * government side audits under 企业车辆审核; the applicant is told 已提交，等待审核.
 * /userRegister?mode=status: 查询注册进度 with the application's 管理员账号 and 密码; a rejected application
 * is corrected there (修改后重新提交) under the same account — a new application cannot reuse its credit code.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Result, Row, Tag, type FormInstance } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { register, type RegisterForm } from '../../api/auth.ts';
import { loadPublicConfig } from '../../app/session.ts';
import DictSelect from '../../components/DictSelect.tsx';
import RegionCascader from '../../components/RegionCascader.tsx';
import { useSettingsStore } from '../../store/settings.ts';
import { required, ruleOf } from '../../utils/validate.ts';
import { enterpriseLogo } from '../../assets/logos.ts';
import { useSave } from '../../components/resource/useSave.ts';
import { registerStatus, reviseRegistration, type Application, type RegisterStatus } from './api.ts';
import '../login/login.css';

type Values = RegisterForm & { confirm: string };

/** the server's reasons beside their fields (data.errors of a 40001), after the request client's toast */
function showErrors<V>(form: FormInstance<V>) {
  return (e: unknown) => {
    const errors = (e as { body?: { data?: { errors?: { field: string; message: string }[] } | null } }).body?.data?.errors;
    if (!Array.isArray(errors)) return;
    const known = new Set(Object.keys(form.getFieldsValue(true) as object));
    form.setFields(errors.filter((x) => known.has(x.field)).map((x) => ({ name: x.field as never, errors: [x.message] })));
  };
}

/** the enterprise's part of the form, the same on an application and on its revision */
function EnterpriseFields() {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item label="企业名称" name="name" rules={[required('企业名称'), { max: 100, message: '企业名称不超过100个字符' }]}>
          <Input placeholder="与营业执照一致" data-testid="register-enterpriseName" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="统一社会信用代码"
          name="creditCode"
          normalize={(v: string) => (v ?? '').toUpperCase().trim()}
          rules={[required('统一社会信用代码'), ruleOf('creditCode')]}
        >
          <Input maxLength={18} placeholder="18位统一社会信用代码" data-testid="register-creditCode" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="道路运输经营许可证号" name="licenceNo" rules={[required('道路运输经营许可证号'), { max: 50, message: '许可证号不超过50个字符' }]}>
          <Input data-testid="register-licenceNo" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="经营范围" name="businessScope" rules={[{ required: true, type: 'array', min: 1, message: '请选择经营范围' }]}>
          <DictSelect type="businessScope" multiple placeholder="请选择经营范围" data-testid="register-businessScope" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="所在地区" name="regionCode" rules={[required('所在地区', '请选择')]}>
          <RegionCascader placeholder="请选择所在地区" data-testid="register-region" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="详细地址" name="address" rules={[required('详细地址'), ruleOf('text255')]}>
          <Input data-testid="register-address" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="联系人" name="contact" rules={[required('联系人'), { max: 20, message: '联系人不超过20个字符' }]}>
          <Input data-testid="register-contact" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="联系电话" name="phone" rules={[required('联系电话'), ruleOf('mobile')]}>
          <Input maxLength={11} placeholder="手机号码" data-testid="register-phone" />
        </Form.Item>
      </Col>
    </>
  );
}

function Apply() {
  const [form] = Form.useForm<Values>();
  const [done, setDone] = useState(false);
  const { save, saving: submitting } = useSave(register, { then: () => setDone(true), failed: showErrors(form) });
  // a refusal: the request client showed the server's message
  const onFinish = ({ confirm: _confirm, ...values }: Values) => save({ ...values, name: values.name.trim(), username: values.username.trim() });

  if (done) {
    return (
      <Result
        status="success"
        title="已提交，等待审核"
        subTitle="注册申请已提交，主管部门审核通过后即可使用管理员账号登录；审核结果可在“查询注册进度”中查看。"
        extra={[
          <Link key="login" to="/login"><Button type="primary">返回登录</Button></Link>,
          <Link key="status" to="/userRegister?mode=status"><Button>查询注册进度</Button></Link>,
        ]}
        data-testid="register-done"
      />
    );
  }
  return (
    <Form<Values> form={form} layout="vertical" onFinish={onFinish} data-testid="register-form" scrollToFirstError>
      <Row gutter={16}>
        <EnterpriseFields />
        <Col xs={24} md={8}>
          <Form.Item label="管理员账号" name="username" rules={[required('管理员账号'), ruleOf('alnum20')]}>
            <Input autoComplete="username" data-testid="register-username" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="密码" name="password" rules={[required('密码'), ruleOf('password')]}>
            <Input.Password autoComplete="new-password" data-testid="register-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label="确认密码"
            name="confirm"
            dependencies={['password']}
            rules={[
              required('确认密码', '请输入'),
              ({ getFieldValue }) => ({
                validator: (_r, v: string) =>
                  !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" data-testid="register-confirm" />
          </Form.Item>
        </Col>
      </Row>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <span>
          <Link to="/login">已有账号？返回登录</Link>
          <span style={{ margin: '0 8px' }}>|</span>
          <Link to="/userRegister?mode=status" data-testid="register-status-link">查询注册进度</Link>
        </span>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="register-submit">
          提交注册
        </Button>
      </div>
    </Form>
  );
}

const STATUS_COLOR: Record<string, string> = { 待审核: 'processing', 已通过: 'success', 已驳回: 'error' };

/** the rejected application, corrected and sent again, signed with its account and password */
function Revise({ outcome, credentials, onBack, onDone }: { outcome: RegisterStatus; credentials: { username: string; password: string }; onBack: () => void; onDone: () => void }) {
  const [form] = Form.useForm<Application>();
  const { save, saving } = useSave(reviseRegistration, { then: onDone, failed: showErrors(form) });
  return (
    <Form<Application>
      form={form}
      layout="vertical"
      initialValues={outcome.application}
      onFinish={(values) => save({ ...values, name: values.name.trim(), ...credentials })}
      data-testid="register-revise-form"
      scrollToFirstError
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={`驳回意见：${outcome.auditOpinion ?? '无'}`} />
      <Row gutter={16}>
        <EnterpriseFields />
      </Row>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Button type="link" style={{ padding: 0 }} onClick={onBack}>返回</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="register-revise-submit">
          重新提交
        </Button>
      </div>
    </Form>
  );
}

/** 查询注册进度, and from there the revision of a rejected application */
function Status() {
  const [signIn] = Form.useForm<{ username: string; password: string }>();
  const [credentials, setCredentials] = useState<{ username: string; password: string } | null>(null);
  const [outcome, setOutcome] = useState<RegisterStatus | null>(null);
  const [revising, setRevising] = useState(false);
  const [resubmitted, setResubmitted] = useState(false);
  const read = useSave((c: { username: string; password: string }) => registerStatus(c.username, c.password), {
    then: (s, c) => { setCredentials(c); setOutcome(s); setRevising(false); },
  });

  if (resubmitted) {
    return (
      <Result
        status="success"
        title="已重新提交，等待审核"
        subTitle="修改后的注册申请已提交，主管部门审核通过后即可使用原管理员账号登录。"
        extra={<Link to="/login"><Button type="primary">返回登录</Button></Link>}
        data-testid="register-resubmitted"
      />
    );
  }
  if (outcome && credentials && revising) {
    return <Revise outcome={outcome} credentials={credentials} onBack={() => setRevising(false)} onDone={() => setResubmitted(true)} />;
  }
  return (
    <>
      <Form form={signIn} layout="vertical" onFinish={(v) => read.save({ username: v.username.trim(), password: v.password })} data-testid="register-status-form">
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item label="管理员账号" name="username" rules={[required('管理员账号')]}>
              <Input autoComplete="username" data-testid="register-status-username" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item label="密码" name="password" rules={[required('密码')]}>
              <Input.Password autoComplete="current-password" data-testid="register-status-password" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label=" ">
              <Button type="primary" htmlType="submit" loading={read.saving} block data-testid="register-status-submit">查询</Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {outcome && (
        <div data-testid="register-status-result">
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="企业名称">{outcome.enterpriseName}</Descriptions.Item>
            <Descriptions.Item label="审核状态"><Tag color={STATUS_COLOR[outcome.auditStatus]}>{outcome.auditStatus}</Tag></Descriptions.Item>
            {outcome.auditStatus === '已驳回' && <Descriptions.Item label="驳回意见">{outcome.auditOpinion ?? ''}</Descriptions.Item>}
          </Descriptions>
          <div style={{ marginTop: 16, textAlign: 'right' }}>
            {outcome.auditStatus === '已驳回' && outcome.application && (
              <Button type="primary" onClick={() => setRevising(true)} data-testid="register-revise">修改后重新提交</Button>
            )}
            {outcome.auditStatus === '已通过' && <Link to="/login"><Button type="primary">去登录</Button></Link>}
          </div>
        </div>
      )}
      <div style={{ marginTop: 16 }}>
        <Link to="/userRegister">还没有申请？企业注册</Link>
        <span style={{ margin: '0 8px' }}>|</span>
        <Link to="/login">返回登录</Link>
      </div>
    </>
  );
}

export default function UserRegister() {
  const title = useSettingsStore((s) => s.title);
  const [params] = useSearchParams();
  const statusMode = params.get('mode') === 'status';
  useEffect(() => {
    void loadPublicConfig();
  }, []);

  return (
    <div className="login-container" data-testid="register-page">
      <div className="login-box" style={{ width: 760 }}>
        <div className="login-head">
          <img src={enterpriseLogo} alt="" />
          <div>
            <h1>{title}</h1>
            <h2>{statusMode ? '查询注册进度' : '企业注册'}</h2>
          </div>
        </div>
        <Card>{statusMode ? <Status key="status" /> : <Apply key="apply" />}</Card>
      </div>
    </div>
  );
}
