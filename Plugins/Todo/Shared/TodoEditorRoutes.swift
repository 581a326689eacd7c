import Contracts

/// Opening the item editor by contract, as both lists' routers do (navigation, so it lives with
/// the routers): to change an item on screen (`edit ID`), or to change it and save at once
/// (`modify ID FIELDS`), presenting whichever module provides ``TodoItemEditing``.
struct TodoEditorRoutes {
    let router: any Router

    func showEditor(forItem id: Int64, changing fields: String, output: any TodoItemEditingOutput) throws {
        try router.present(TodoItemEditing.self) { editor in
            editor.output = output
            try editor.edit(itemID: id)
            if !fields.isEmpty { editor.change(fields: fields) }
        }
    }

    func modifyItem(_ id: Int64, fields: String, output: any TodoItemEditingOutput) throws {
        var opened: (any TodoItemEditing)?
        try router.present(TodoItemEditing.self) { editor in
            editor.output = output
            try editor.edit(itemID: id)
            editor.change(fields: fields)
            opened = editor
        }
        try opened?.saveAtOnce()
    }
}
