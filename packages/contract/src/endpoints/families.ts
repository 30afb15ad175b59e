import type { ROUTES } from '../routes.js';
import {
  ZAddMemberRequest,
  ZCheckUserRequest,
  ZCheckUserResponse,
  ZCreateMemberUserRequest,
  ZEditFamilyRequest,
  ZEditMemberUserRequest,
  ZFamily,
  ZFamilyIdParams,
  ZFamilyListQuery,
  ZFamilyListResponse,
  ZFamilyMemberList,
  ZFamilyParams,
  ZFamilySavedResponse,
  ZMemberParams,
  ZMemberStatusRequest,
  ZMemberUser,
  ZMessageResponse,
  ZSaveFamilyMembersRequest,
  ZSyncMembersRequest,
  ZUserIdParams,
} from '../schemas/index.js';
import { errorAnswers, type SchemasOf } from './endpoint.js';

const refused = errorAnswers(400, 401, 403);
const notFound = errorAnswers(400, 401, 403, 404);
const writeRefused = errorAnswers(400, 401, 403, 404, 409, 422);

/** Families and their people; a family of another entity answers 404. */
export const familyEndpoints = {
  list: { query: ZFamilyListQuery, responses: { 200: ZFamilyListResponse, ...refused } },
  byId: { params: ZFamilyParams, responses: { 200: ZFamily, ...notFound } },
  edit: {
    params: ZFamilyIdParams,
    body: ZEditFamilyRequest,
    responses: { 200: ZFamilySavedResponse, ...notFound },
  },
  members: { params: ZFamilyParams, responses: { 200: ZFamilyMemberList, ...notFound } },
  addMember: { body: ZAddMemberRequest, responses: { 200: ZMemberUser, ...writeRefused } },
  memberStatus: {
    params: ZMemberParams,
    body: ZMemberStatusRequest,
    responses: { 200: ZMessageResponse, ...notFound },
  },
  createUser: { body: ZCreateMemberUserRequest, responses: { 201: ZMemberUser, ...writeRefused } },
  editUser: {
    params: ZUserIdParams,
    body: ZEditMemberUserRequest,
    responses: { 200: ZMemberUser, ...writeRefused },
  },
  syncUsers: { body: ZSyncMembersRequest, responses: { 200: ZFamilyMemberList, ...writeRefused } },
  saveMembers: {
    params: ZFamilyIdParams,
    body: ZSaveFamilyMembersRequest,
    responses: { 200: ZFamilyMemberList, ...writeRefused },
  },
  /** 404, as for an unknown e-mail, when the person is in none of the caller's families. */
  checkUser: {
    body: ZCheckUserRequest,
    responses: { 200: ZCheckUserResponse, ...notFound, ...errorAnswers(429) },
  },
} satisfies SchemasOf<typeof ROUTES.families>;
