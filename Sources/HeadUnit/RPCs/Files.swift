import JSONRPC
import SDLModel

// PutFile, ListFiles, DeleteFile, SetAppIcon (SDL-RULES §9–10). Placeholder until the files work lands.
extension HeadUnitEngine {
    func putFile(_ request: PutFile, _ reply: ReplyAddress?) { answer(reply, .unsupportedRequest) }
    func listFiles(_ request: ListFiles, _ reply: ReplyAddress?) { answer(reply, .unsupportedRequest) }
    func deleteFile(_ request: DeleteFile, _ reply: ReplyAddress?) { answer(reply, .unsupportedRequest) }
    func setAppIcon(_ request: SetAppIcon, _ reply: ReplyAddress?) { answer(reply, .unsupportedRequest) }
}
