import SignalsPhotoList
import SignalsPhotoDomain

extension ReplSession {
    /// Turns one command into inputs of the view models (then, piped, waits for its requests).
    func perform(_ command: ReplCommand) async {
        switch command {
        case .nothing, .quit:
            return
        case .help:
            say(ReplCommand.helpText)
            return
        case .invalid(let message):
            say(message)
            return
        case .search(let text):
            closeDetail()
            if !hasBegunEditing {
                hasBegunEditing = true
                searchInput.editingBegan.fire()
            }
            searchInput.querySubmitted.send(text)
        case .next:
            if let detail {
                let next = detail.viewModel.currentIndex + 1
                if next < detail.viewModel.photos.count {
                    detail.input.pageChanged.send(next)
                } else {
                    say("That was the last photo.")
                }
            } else if shown == .search {
                searchInput.nextPageRequested.fire()
            } else {
                listInput.nextPage.fire()
            }
        case .previous:
            guard let detail else {
                say("`prev` moves between photos; `open <n>` opens one.")
                return
            }
            if detail.viewModel.currentIndex > 0 {
                detail.input.pageChanged.send(detail.viewModel.currentIndex - 1)
            } else {
                say("That was the first photo.")
            }
        case .scope(let newScope):
            closeDetail()
            searchInput.scopeSelected.send(newScope)
            if query.isEmpty { say("Scope: \(newScope.rawValue). Type a search.") }
        case .open(let position):
            closeDetail()
            let count = shown == .search ? results.count : list.photos.count
            guard position <= count else {
                say(count == 0 ? "Nothing to open yet." : "There is no result \(position); pick 1…\(count).")
                return
            }
            if shown == .search {
                searchInput.itemSelected.send(position - 1)
            } else {
                listInput.itemSelected.send(position - 1)
            }
        case .info:
            guard detail != nil else {
                say("`info` loads a photo's details again; `open <n>` opens one.")
                return
            }
        case .back:
            if let detail {
                detail.input.pulledDown.send(PhotoDetailViewModel.dismissThreshold + 1)
            } else if shown == .search {
                say("Type `cancel` to leave the search.")
            } else {
                say("Already on the editorial list.")
            }
        case .cancel:
            closeDetail()
            if shown == .search || hasBegunEditing {
                searchInput.cancelTapped.fire()
                hasBegunEditing = false
            }
            searchFailed = false
            showList()
        case .retry:
            if shown == .search, searchFailed {
                searchFailed = false
                searchInput.retryTapped.fire()
            } else if shown == .list, listFailed {
                listFailed = false
                listInput.retry.fire()
            } else {
                say("Nothing to retry: no request has failed.")
                return
            }
        case .list:
            closeDetail()
            if shown == .search { showResults() } else { showList() }
        }
        // A photo on screen shows its details: after opening, paging, or `info`.
        switch command {
        case .open, .next, .previous, .info:
            detail?.input.infoRequested.fire()
        default:
            break
        }
        await settle()
    }
}
