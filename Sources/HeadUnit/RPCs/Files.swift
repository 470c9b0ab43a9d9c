import SDLModel

/// An upload that passed Core's checks and is ready to be written.
struct CheckedUpload {
    let request: PutFile
    let bytes: [UInt8]
    var mode: WriteMode { request.writeMode }
}

extension PutFile {
    /// A chunk at an offset appends; one at offset 0 starts the file anew.
    var writeMode: WriteMode { (offset ?? 0) > 0 ? .append : .replace(declaredSize: length) }
}

// PutFile, ListFiles, DeleteFile, SetAppIcon (SDL-RULES §9–10, §14; PROTOCOL.md §7).
// Core answers the first three alone, so an injected fault is their answer (checks first).
extension HeadUnitEngine {
    /// Core's limit on each of PutFile, ListFiles and DeleteFile in HMI level NONE.
    static let fileRequestsInNone = 5
    static let maximumListedFiles = 1000
    static let tooManyInNone = "Too many requests from the app with HMILevel HMI_NONE"
    /// DeleteFile's and SetAppIcon's names go through Core's string check (SDL-RULES §14); PutFile's do not.
    static let invalidCharactersInfo = "syncFileName contains invalid characters or only spaces"

    /// `bulkData`: the file's bytes where the wire carries them as such (SDL's binary part);
    /// otherwise they come base64 in the request's `bulkData` parameter (JSON-RPC).
    func putFile(_ request: PutFile, bulkData: [UInt8]?, of app: RegisteredApp, _ reply: ReplyToken?) {
        guard let upload = checkUpload(request, bulkData: bulkData, of: app, reply) else { return }
        let takenByFault = !passCoreOnlyFault(PutFile.method, of: app, reply) { engine, reply in
            // A held-back answer: the head unit may have changed meanwhile, so check again.
            if let upload = engine.checkUpload(request, bulkData: bulkData, of: app, reply) { engine.store(upload, of: app, reply) }
        }
        if !takenByFault { store(upload, of: app, reply) }
    }

    /// Core's checks of `app`'s PutFile in SDL's order; a refusal is answered here.
    func checkUpload(_ request: PutFile, bulkData: [UInt8]?, of app: RegisteredApp, _ reply: ReplyToken?) -> CheckedUpload? {
        let files = app.files
        func refuse(_ code: ResultCode, _ info: String) -> CheckedUpload? {
            answerWithSpace(reply, code, info: info, of: app, system: request.systemFile)
            return nil
        }
        if isLimitedInNone(\.putFilesInNone, app) { return refuse(.rejected, Self.tooManyInNone) }
        let bytes: [UInt8]
        if let bulkData {
            bytes = bulkData
        } else {
            guard let text = request.bulkData, !text.isEmpty else { return refuse(.invalidData, "bulkData: Binary data empty") }
            guard let decoded = Base64.decode(text) else {
                return refuse(.invalidData, "bulkData: not valid base64 (standard alphabet, padded)")
            }
            bytes = decoded
        }
        guard !bytes.isEmpty else { return refuse(.invalidData, "bulkData: Binary data empty") }
        let name = request.syncFileName
        if let problem = SyncFileName.problem(with: name) { return refuse(.invalidData, problem) }
        let offset = request.offset ?? 0
        if !request.systemFile, !files.fits(bytes.count, as: name, mode: request.writeMode) {
            return refuse(.outOfMemory, "Out of memory")
        }
        if let crc = request.crc, UInt32(crc) != CRC32.checksum(bytes) {
            return refuse(.corruptedData, "CRC Check on file failed. File upload has been cancelled, please retry.")
        }
        if offset > 0, files.size(of: name, system: request.systemFile) != offset {
            return refuse(.invalidData, "offset: Can't save file")
        }
        return CheckedUpload(request: request, bytes: bytes)
    }

    /// Writes a checked upload and answers with the space left.
    private func store(_ upload: CheckedUpload, of app: RegisteredApp, _ reply: ReplyToken?) {
        let request = upload.request
        let files = app.files
        let isNew: Bool
        do {
            if request.systemFile {
                try files.saveSystemFile(upload.bytes, as: request.syncFileName, mode: upload.mode)
                isNew = upload.mode != .append
            } else {
                isNew = try files.save(
                    upload.bytes, as: request.syncFileName, type: request.fileType, persistent: request.persistentFile,
                    mode: upload.mode) && upload.mode != .append
            }
        } catch {
            answerWithSpace(reply, .genericError, info: "Could not save \(request.syncFileName): \(error)", of: app, system: request.systemFile)
            return
        }
        if isNew { app.putFilesInNone += 1 }
        answerWithSpace(reply, .success, info: "File was downloaded", of: app, system: request.systemFile)
    }

    func listFiles(_ request: ListFiles, of app: RegisteredApp, _ reply: ReplyToken?) {
        guard checkListing(of: app, reply) else { return }
        let takenByFault = !passCoreOnlyFault(ListFiles.method, of: app, reply) { engine, reply in
            if engine.checkListing(of: app, reply) { engine.list(of: app, reply) }
        }
        if !takenByFault { list(of: app, reply) }
    }

    private func checkListing(of app: RegisteredApp, _ reply: ReplyToken?) -> Bool {
        guard isLimitedInNone(\.listFilesInNone, app) else { return true }
        answerWithSpace(reply, .rejected, info: Self.tooManyInNone, of: app)
        return false
    }

    /// Names read from the store, not from Core's bookkeeping (SDL-RULES §10).
    private func list(of app: RegisteredApp, _ reply: ReplyToken?) {
        app.listFilesInNone += 1
        let names: [String]
        do {
            names = try app.files.listNames()
        } catch {
            answerWithSpace(reply, .genericError, info: "Could not read the app's files: \(error)", of: app)
            return
        }
        let listed = names.isEmpty ? nil : Array(names.prefix(Self.maximumListedFiles))
        let response = ListFiles.Response(filenames: listed, spaceAvailable: Self.wireSpace(app.files.spaceAvailable))
        answer(reply, SDLResponse(.success, parameters: response))
    }

    func deleteFile(_ request: DeleteFile, of app: RegisteredApp, _ reply: ReplyToken?) {
        guard checkDeletion(request, of: app, reply) else { return }
        let takenByFault = !passCoreOnlyFault(DeleteFile.method, of: app, reply) { engine, reply in
            if engine.checkDeletion(request, of: app, reply) { engine.delete(request, of: app, reply) }
        }
        if !takenByFault { delete(request, of: app, reply) }
    }

    private func checkDeletion(_ request: DeleteFile, of app: RegisteredApp, _ reply: ReplyToken?) -> Bool {
        let name = request.syncFileName
        let refusal: (ResultCode, String)? =
            if isLimitedInNone(\.deleteFilesInNone, app) {
                (.rejected, Self.tooManyInNone)
            } else if !CoreChecks.passesSyntax(name) {
                (.invalidData, Self.invalidCharactersInfo)
            } else if let problem = SyncFileName.namingProblem(with: name) {
                (.invalidData, problem)
            } else if !app.files.hasFile(named: name) {
                (.rejected, "There is no file named \"\(name)\" to delete.")
            } else {
                nil
            }
        guard let (code, info) = refusal else { return true }
        answerWithSpace(reply, code, info: info, of: app)
        return false
    }

    private func delete(_ request: DeleteFile, of app: RegisteredApp, _ reply: ReplyToken?) {
        do {
            try app.files.delete(request.syncFileName)
        } catch {
            answerWithSpace(reply, .genericError, info: "Could not delete \(request.syncFileName): \(error)", of: app)
            return
        }
        app.deleteFilesInNone += 1
        answerWithSpace(reply, .success, of: app)
    }

    func setAppIcon(_ request: SetAppIcon, of app: RegisteredApp, _ reply: ReplyToken?) {
        let name = request.syncFileName
        guard CoreChecks.passesSyntax(name) else {
            answer(reply, .invalidData, info: Self.invalidCharactersInfo)
            return
        }
        if let problem = SyncFileName.namingProblem(with: name) {
            answer(reply, .invalidData, info: problem)
            return
        }
        guard app.files.hasFile(named: name) else {
            answer(reply, .invalidData, info: "syncFileName: the icon \"\(name)\" was not uploaded; send it with PutFile first.")
            return
        }
        awaitHMI(SetAppIcon.method, of: app, reply: reply, hmi: { _ in .success }) { engine, hmi in
            if hmi.code.isSuccessFromHMI { engine.appsWithIcons.insert(app.appID) }
            engine.answer(reply, hmi)
        }
    }

    /// Answers with `app`'s space left, as Core does for every file request.
    private func answerWithSpace(_ reply: ReplyToken?, _ code: ResultCode, info: String? = nil, of app: RegisteredApp, system: Bool = false) {
        let space = system ? 0 : app.files.spaceAvailable
        answer(reply, SDLResponse(code, info: info, parameters: SpaceAvailable(Self.wireSpace(space))))
    }

    /// The space left, within the range SDL's schema allows.
    private static func wireSpace(_ bytes: Int) -> Int { min(max(bytes, 0), 2_000_000_000) }

    /// `app` is in NONE and has used up Core's allowance for one kind of file request.
    private func isLimitedInNone(_ counter: KeyPath<RegisteredApp, Int>, _ app: RegisteredApp) -> Bool {
        app.hmiLevel == .none && app[keyPath: counter] >= Self.fileRequestsInNone
    }
}

