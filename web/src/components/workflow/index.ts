/** The one web face of a workflow declared in core: the state tag, the allowed steps as buttons, the timeline. */
export { WorkflowState } from './WorkflowState';
export { WorkflowSteps, type StepForm, type WorkflowStepsProps } from './WorkflowSteps';
export { WorkflowTimeline, flowKey, flowOf } from './WorkflowTimeline';
export { useAllowedSteps, useStepWrite, useWorkflowStep, baseOf, type StepInput } from './useWorkflowStep';
export { Decision, type DecisionProps } from './Decision';
