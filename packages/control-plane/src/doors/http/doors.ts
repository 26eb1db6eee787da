import { defineDoor } from '../../kernel/pipeline/door.ts'

/** `POST {base}/manage/dispatch`, the Admin UI's door too. */
export const DISPATCH_DOOR = defineDoor({ channel: 'dispatch', format: 'envelope' })

/** `GET {base}/manage/{resource}/{action}?…`, readonly operations only. */
export const READ_FORM_DOOR = defineDoor({ channel: 'read_form', format: 'envelope' })

/** `POST {base}/manage/{resource}/{action}`, and the resources' public routes that call an operation (the leads export stream). */
export const ROUTE_DOOR = defineDoor({ channel: 'route', format: 'envelope' })
