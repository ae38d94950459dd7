export { evidenceHash } from "./evidence.ts";
export {
  judgeByTerms,
  LOCAL_APPROVE_SCORE,
  LOCAL_LLM_MODEL,
  LOCAL_LLM_TRIGGERS,
  LocalLlmAdapter,
  type LocalLlmOptions,
  requiredTerms,
} from "./local.ts";
export {
  LLM_SYSTEM_PROMPT,
  OpenAiCompatibleLlmAdapter,
  type OpenAiCompatibleLlmOptions,
} from "./openai-compatible.ts";
export {
  type LlmAdapterKind,
  type LlmEvaluation,
  type LlmEvaluationRequest,
  type LlmFailureReason,
  type LlmJudgement,
  type LlmPort,
  type LlmSubmission,
  LlmUnavailableError,
  parseEvaluationRequest,
} from "./port.ts";
