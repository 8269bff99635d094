/**
 * What the SCIM server says about itself (RFC 7643 §5–7, RFC 7644 §4): ServiceProviderConfig, ResourceTypes and
 * Schemas. PURE. The schemas list exactly the attributes the server keeps and gives back as they were sent
 * (docs/decisions/0051-scim-provisioning.md); an identity provider (and the conformance checker) reads them.
 */
import {
  ATTRIBUTES_SCHEMA,
  ENTERPRISE_SCHEMA,
  GROUP_SCHEMA,
  MAX_RESULTS,
  PMR_SCHEMA,
  RESOURCE_TYPE_SCHEMA,
  SCHEMA_SCHEMA,
  SPC_SCHEMA,
  USER_SCHEMA,
} from "./protocol";
import { GROUP_DISPLAY_NAMES } from "./groups-rules";
import { CHOOSABLE_LANGUAGES, timeZoneChoices } from "~/platform/i18n/preferences";
import { attributeSchemaAttributes, type ScimAttributeDef } from "./attribute-extension";

type Attribute = {
  name: string;
  type: "string" | "boolean" | "complex" | "reference";
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: "readOnly" | "readWrite" | "immutable" | "writeOnly";
  returned: "always" | "default" | "never" | "request";
  uniqueness: "none" | "server" | "global";
  subAttributes?: Attribute[];
  canonicalValues?: string[];
  referenceTypes?: string[];
};

function attr(name: string, description: string, more: Partial<Attribute> = {}): Attribute {
  return {
    name,
    type: "string",
    multiValued: false,
    description,
    required: false,
    caseExact: false,
    mutability: "readWrite",
    returned: "default",
    uniqueness: "none",
    ...more,
  };
}

/** A reference to another (SCIM-linked) user: `value` is their SCIM id, `$ref` their URI. */
function personRef(name: string, description: string): Attribute {
  return attr(name, description, {
    type: "complex",
    subAttributes: [
      attr("value", "The SCIM id of the user"),
      attr("$ref", "The URI of the user", { type: "reference", referenceTypes: ["User"], caseExact: true }),
    ],
  });
}

const USER_ATTRIBUTES: Attribute[] = [
  attr("userName", "The identity provider's unique identifier of the user (often the email)", { required: true, uniqueness: "server" }),
  attr("name", "The user's name; formatted is the name the product shows (given and family name joined when absent)", {
    type: "complex",
    required: true,
    subAttributes: [
      attr("formatted", "The full name as shown"),
      attr("givenName", "Given name"),
      attr("familyName", "Family name"),
    ],
  }),
  attr("title", "Job title"),
  attr(
    "preferredLanguage",
    "The user's preferred languages: BCP 47 tags in the form of an Accept-Language value (RFC 7643 §4.1.1). The interface and emails use it when it names a supported language and the user chose none (canonical values: the supported ones)",
    { canonicalValues: [...CHOOSABLE_LANGUAGES] },
  ),
  attr("timezone", "The user's IANA time zone (e.g. Asia/Shanghai), used when the user chose none (canonical values: the zones this server knows)", {
    canonicalValues: timeZoneChoices(),
  }),
  attr("active", "Whether the user may sign in; false deactivates (sessions and tokens end at once)", { type: "boolean", required: true }),
  attr("emails", "The work email the user signs in with (one; a userName that is an email stands for it when absent)", {
    type: "complex",
    multiValued: true,
    required: true,
    subAttributes: [
      attr("value", "Email address", { required: true }),
      attr("type", "Always work", { canonicalValues: ["work"] }),
    ],
  }),
];

const ENTERPRISE_ATTRIBUTES: Attribute[] = [
  attr("employeeNumber", "Employee number (unique)"),
  attr("department", "Department"),
  personRef("manager", "The user's manager"),
];

const PMR_ATTRIBUTES: Attribute[] = [
  attr("level", "Level (career level or grade)"),
  attr("location", "Location"),
  personRef("secondaryManager", "The user's secondary (matrix) manager"),
  personRef("hrPartner", "The user's HR partner"),
];

const GROUP_ATTRIBUTES: Attribute[] = [
  attr("displayName", `One of ${GROUP_DISPLAY_NAMES.join(", ")}: its members hold the role it stands for`, {
    required: true,
    mutability: "immutable",
    uniqueness: "server",
    canonicalValues: [...GROUP_DISPLAY_NAMES],
  }),
  attr("members", "The users holding the group's role", {
    type: "complex",
    multiValued: true,
    subAttributes: [
      attr("value", "The SCIM id of the user", { mutability: "immutable" }),
      attr("$ref", "The URI of the user", { type: "reference", referenceTypes: ["User"], caseExact: true, mutability: "immutable" }),
      attr("type", "Always User", { canonicalValues: ["User"], mutability: "immutable" }),
    ],
  }),
];

function schema(base: string, id: string, name: string, description: string, attributes: Attribute[]) {
  return {
    schemas: [SCHEMA_SCHEMA],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: "Schema", location: `${base}/Schemas/${id}` },
  };
}

/** `attributes`: the people attributes kept as values, as defined now (their extension's attributes). */
export function scimSchemas(base: string, attributes: readonly ScimAttributeDef[]) {
  return [
    schema(base, USER_SCHEMA, "User", "User Account", USER_ATTRIBUTES),
    schema(base, ENTERPRISE_SCHEMA, "EnterpriseUser", "Enterprise User", ENTERPRISE_ATTRIBUTES),
    schema(base, PMR_SCHEMA, "PmrUser", "Performance review directory fields", PMR_ATTRIBUTES),
    schema(base, ATTRIBUTES_SCHEMA, "PmrAttributes", "People attributes (sensitive; the fairness insights)", attributeSchemaAttributes(attributes)),
    schema(base, GROUP_SCHEMA, "Group", "Group mapped to a role", GROUP_ATTRIBUTES),
  ];
}

export function scimResourceTypes(base: string) {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: "User",
      name: "User",
      endpoint: "/Users",
      description: "User Account",
      schema: USER_SCHEMA,
      schemaExtensions: [
        { schema: ENTERPRISE_SCHEMA, required: false },
        { schema: PMR_SCHEMA, required: false },
        { schema: ATTRIBUTES_SCHEMA, required: false },
      ],
      meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: "Group",
      name: "Group",
      endpoint: "/Groups",
      description: "Group mapped to a role",
      schema: GROUP_SCHEMA,
      schemaExtensions: [],
      meta: { resourceType: "ResourceType", location: `${base}/ResourceTypes/Group` },
    },
  ];
}

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: "https://datatracker.ietf.org/doc/html/rfc7644",
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: "oauthbearertoken",
        name: "OAuth Bearer Token",
        description: "A SCIM token made by a super admin (Admin → SCIM tokens, or npm run scim:token)",
        primary: true,
      },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${base}/ServiceProviderConfig` },
  };
}
