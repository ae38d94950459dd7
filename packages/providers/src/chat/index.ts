export { HttpChatAdapter, type HttpChatOptions } from "./http.ts";
export { LocalChatAdapter, type LocalChatOptions } from "./local.ts";
export {
  type ChatAdapterKind,
  type ChatMember,
  type ChatPort,
  channelIdFor,
  chatMembersSchema,
  parseMembers,
  parseSubject,
} from "./port.ts";
